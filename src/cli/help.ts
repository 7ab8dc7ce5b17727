/** Program and per-command help texts. */
import { COMMANDS } from './commands'
import type { Command } from './commands'
import { exitCodeHelp } from './exit-codes'
import { GLOBAL_OPTIONS_HELP } from './options'

export const PROGRAM = 'npm run cli --'

const ENVIRONMENT_HELP = `Environment:
  MARKET_API_KEY           API key for --base-url (sent only in the API-KEY header, never printed).
                           There is deliberately no --api-key flag: arguments show up in ps.`

const NOTES = `Nothing is written to the app's settings. With your own service and --layout auto, the routes
found (never the key) are remembered per base URL in the CLI's config folder (MARKET_CLI_CONFIG_DIR,
else ~/.config/market-explorer-cli); without a usable folder they are found again each run.
Errors go to stderr as one line: error [CODE]: message.`

/** What every help text ends with: the global options, the environment and the exit codes. */
const SHARED_HELP = `${GLOBAL_OPTIONS_HELP}

${ENVIRONMENT_HELP}

Exit codes:
${exitCodeHelp()}`

export function usageHint(command?: Command): string {
  return `Run "${PROGRAM}${command ? ` ${command.name}` : ''} --help" for usage.`
}

export function programHelp(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length))
  const commands = COMMANDS.map(
    (command) => `  ${command.name.padEnd(width)}  ${command.summary}`
  ).join('\n')
  const usages = COMMANDS.map((command) => `  ${PROGRAM} ${command.usage}`).join('\n')
  return `Market Explorer CLI: property market data from the same handlers as the app.

Usage: ${PROGRAM} <command> [options]

Commands:
${commands}

Synopsis:
${usages}

${SHARED_HELP}

${NOTES}
Run "${PROGRAM} <command> --help" for a command's options and examples.
`
}

export function commandHelp(command: Command): string {
  return `${command.summary[0]?.toUpperCase() ?? ''}${command.summary.slice(1)}.

Usage: ${PROGRAM} ${command.usage} [global options]

${command.help}

${SHARED_HELP}
`
}

/** The command line, parsed strictly (node:util parseArgs) and validated (zod) before any I/O. */
import { parseArgs } from 'node:util'
import { COMMANDS, findCommand } from './commands'
import type { Command, CommandRun } from './commands'
import { commandHelp, programHelp } from './help'
import { parseOptions } from './fields'
import { FLAGS, GLOBAL_OPTIONS, GlobalSchema } from './options'
import type { GlobalOptions, OptionValues } from './options'

export type ParsedCommandLine =
  | { kind: 'help'; text: string }
  | { kind: 'usage-error'; message: string; command?: Command }
  | { kind: 'run'; command: Command; global: GlobalOptions; run: CommandRun }

/** node's parseArgs messages say more than a user needs; keep the first sentence. */
function parseArgsMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  const first = /^[^.]*(?:\.(?=\s|$)|$)/.exec(text)?.[0] ?? text
  return /[.!?]$/.test(first) ? first : `${first}.`
}

const COMMAND_NAMES = COMMANDS.map((command) => command.name).join(', ')

/** Every option a schema reads (global or a command's), and --country-code, the spec's --country. */
const OPTIONS: Record<string, { type: 'string' | 'boolean'; short?: string }> = Object.fromEntries(
  [...GLOBAL_OPTIONS, ...COMMANDS.flatMap((command) => command.options), 'country-code'].map(
    (name) => [name, { type: FLAGS.includes(name) ? 'boolean' : 'string' }]
  )
)
OPTIONS['help'] = { type: 'boolean', short: 'h' }

const usageError = (message: string, command?: Command): ParsedCommandLine =>
  command ? { kind: 'usage-error', message, command } : { kind: 'usage-error', message }

export function parseCommandLine(argv: readonly string[]): ParsedCommandLine {
  const guess = argv[0] === undefined ? undefined : findCommand(argv[0])
  let values: OptionValues
  let positionals: string[]
  try {
    ;({ values, positionals } = parseArgs({
      args: [...argv],
      options: OPTIONS,
      strict: true,
      allowPositionals: true
    }))
  } catch (error) {
    return usageError(parseArgsMessage(error), guess)
  }

  // --country-code is the spec's name for --country.
  if (values['country-code'] !== undefined) {
    if (values.country !== undefined)
      return usageError('--country and --country-code are the same option: give one.', guess)
    values = { ...values, country: values['country-code'] }
    delete values['country-code']
  }

  const [name, ...extra] = positionals
  if (name === 'help') {
    const topic = extra[0] === undefined ? undefined : findCommand(extra[0])
    return { kind: 'help', text: topic ? commandHelp(topic) : programHelp() }
  }
  if (name === undefined) {
    if (values.help) return { kind: 'help', text: programHelp() }
    return usageError(`No command given; commands: ${COMMAND_NAMES}.`)
  }
  const command = findCommand(name)
  if (!command) return usageError(`Unknown command "${name}"; commands: ${COMMAND_NAMES}.`)
  if (values.help) return { kind: 'help', text: commandHelp(command) }
  if (extra[0] !== undefined) {
    return usageError(
      `Unexpected argument "${extra[0]}": every value follows its option, e.g. --beds 3.`,
      command
    )
  }
  const allowed = new Set<string>([...GLOBAL_OPTIONS, ...command.options])
  const foreign = Object.keys(values).filter((key) => !allowed.has(key))
  if (foreign.length > 0) {
    const options = foreign.map((key) => `--${key}`).join(', ')
    const are = foreign.length > 1 ? 'are not options' : 'is not an option'
    return usageError(`${options} ${are} of ${command.name}.`, command)
  }
  const global = parseOptions(GlobalSchema, values)
  const prepared = command.prepare(values)
  const problems = [
    ...(prepared.ok ? [] : [prepared.message]),
    ...(global.ok ? [] : [global.message])
  ]
  if (!prepared.ok || !global.ok) return usageError(`${problems.join('; ')}.`, command)
  return { kind: 'run', command, global: global.value, run: prepared.run }
}

/**
 * Entry point: `npm run cli -- <command> [options]` (launch.mjs loads this; see run.ts, --help).
 * Ctrl-C or SIGTERM cancels: the demo service is stopped, exit 13. Anything unexpected ends in
 * one line, `error [INTERNAL]: …`, never a stack trace.
 */
import { EXIT_CODES } from './exit-codes'
import { runCli, unexpectedFailureLine } from './run'

const SAFETY_EXIT_MS = 1_000

/** The last guard: one line on stderr and the INTERNAL exit code. */
function failHard(error: unknown): never {
  process.stderr.write(`${unexpectedFailureLine(error, process.env)}\n`)
  process.exit(EXIT_CODES.INTERNAL)
}

async function main(): Promise<void> {
  const controller = new AbortController()
  // Idempotent on purpose: one Ctrl-C may arrive twice (a parent process re-raising it).
  // Cleanup is bounded (dispose timeout, safety exit).
  const onSignal = (): void => controller.abort()
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  // `... | head` closes the pipe early: stop quietly instead of crashing on EPIPE.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
    failHard(error)
  })

  const code = await runCli(process.argv.slice(2), {
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
    signal: controller.signal
  })
  process.exitCode = code
  process.off('SIGINT', onSignal)
  process.off('SIGTERM', onSignal)
  // The core is disposed by now; should anything still hold the event loop open, a scheduled
  // job must not hang on it.
  setTimeout(() => process.exit(code), SAFETY_EXIT_MS).unref()
}

process.on('uncaughtException', failHard)
process.on('unhandledRejection', failHard)
main().catch(failHard)

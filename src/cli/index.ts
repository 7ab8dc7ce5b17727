/**
 * Entry point: `npm run cli -- <command> [options]` (see run.ts and --help).
 * Ctrl-C or SIGTERM cancels: the demo service is stopped, the temp folder removed, exit 13.
 */
import { runCli } from './run'

const SAFETY_EXIT_MS = 1_000

async function main(): Promise<void> {
  const controller = new AbortController()
  // Idempotent on purpose: conf's dependency when-exit re-raises the first SIGINT/SIGTERM on this
  // process, so one Ctrl-C arrives here twice. Cleanup is bounded (dispose timeout, safety exit).
  const onSignal = (): void => controller.abort()
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  // `... | head` closes the pipe early: stop quietly instead of crashing on EPIPE.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
    throw error
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

void main()

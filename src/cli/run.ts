/**
 * runCli: the whole CLI as a function (argv and streams in, exit code out), so tests run it
 * in-process; src/cli/index.ts binds it to the real process.
 */
import { createRedactor } from '../main/client/redact'
import { createConsoleLogger, silentLogger } from '../main/logging/logger'
import { MIN_API_KEY_LENGTH } from '@shared/api-key'
import { describeError } from '@shared/errors/next-steps'
import type { ServiceState } from '@shared/contract'
import { err } from '@shared/result'
import { neutraliseText } from '@shared/untrusted-text'
import type { AppError, Err, Result } from '@shared/result'
import { parseCommandLine } from './args'
import type { CommandOutput } from './commands'
import { EXIT_CODES, EXIT_OK } from './exit-codes'
import { renderCsv, renderJson, renderTable } from './format'
import type { OutputFormat } from './format'
import { usageHint } from './help'
import { configDirFrom, openRouteMemory } from './route-memory'
import { apiKeyFrom, openSession } from './session'
import type { Session } from './session'

export interface CliWriter {
  write(chunk: string): unknown
}

export interface CliEnvironment {
  env: Readonly<Record<string, string | undefined>>
  stdout: CliWriter
  stderr: CliWriter
  /** Aborting it (Ctrl-C) cancels a running compare; the run ends with CANCELLED. */
  signal?: AbortSignal
}

const RENDER: Record<OutputFormat, (output: CommandOutput) => string> = {
  json: (output) => renderJson(output.json),
  csv: (output) => renderCsv(output.table),
  table: (output) => renderTable(output.table)
}

function interrupted(): Err {
  return err('CANCELLED', 'Interrupted before the answer arrived; nothing was printed.')
}

/** The command's result, or CANCELLED as soon as the signal aborts. */
function untilAborted<T>(work: Promise<Result<T>>, signal: AbortSignal): Promise<Result<T>> {
  if (signal.aborted) return Promise.resolve(interrupted())
  let onAbort = (): void => undefined
  const aborted = new Promise<Result<T>>((resolve) => {
    onAbort = () => resolve(interrupted())
    signal.addEventListener('abort', onAbort, { once: true })
  })
  return Promise.race([work, aborted]).finally(() => signal.removeEventListener('abort', onAbort))
}

/**
 * The core and client never put the key in a message or log line; this is a second guard. A
 * key shorter than a real key's minimum is no secret, and redacting it would mangle words.
 */
function redactorFor(apiKey: string | undefined): (text: string) => string {
  const secret = apiKey !== undefined && apiKey.length >= MIN_API_KEY_LENGTH
  return createRedactor(secret ? apiKey : undefined).text
}

function unexpectedFailure(error: unknown): AppError {
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return {
    code: 'INTERNAL',
    message: `Unexpected failure (${what}). Run again with --verbose and report the output.`
  }
}

/** The one stderr line for a failure that escaped runCli (the process entry's last guard). */
export function unexpectedFailureLine(
  error: unknown,
  env: Readonly<Record<string, string | undefined>>
): string {
  const failure = unexpectedFailure(error)
  const line = `error [${failure.code}]: ${describeError(failure, 'cli')}`
  return redactorFor(apiKeyFrom(env))(neutraliseText(line, 'terminal'))
}

export async function runCli(argv: readonly string[], io: CliEnvironment): Promise<number> {
  const apiKey = apiKeyFrom(io.env)
  const redact = redactorFor(apiKey)
  const out = (text: string): void => void io.stdout.write(redact(text))
  // Messages can quote the service: one line, no control that could drive the terminal.
  const errLine = (text: string): void =>
    void io.stderr.write(`${redact(neutraliseText(text, 'terminal'))}\n`)
  const fail = (error: AppError): number => {
    errLine(`error [${error.code}]: ${describeError(error, 'cli')}`)
    return EXIT_CODES[error.code]
  }

  const parsed = parseCommandLine(argv)
  if (parsed.kind === 'help') {
    out(parsed.text)
    return EXIT_OK
  }
  if (parsed.kind === 'usage-error') {
    errLine(`error [INVALID_INPUT]: ${parsed.message} ${usageHint(parsed.command)}`)
    return EXIT_CODES.INVALID_INPUT
  }

  const { global } = parsed
  const signal = io.signal ?? new AbortController().signal
  if (signal.aborted) return fail(interrupted().error)
  const logger = global.verbose ? createConsoleLogger(errLine) : silentLogger
  let session: Session | undefined
  try {
    // Only your own service has routes to remember: the demo never touches the disk.
    const memory = openRouteMemory(
      global.connection.mode === 'remote' ? configDirFrom(io.env) : undefined
    )
    // A hold is the one wait that says nothing else while it lasts (up to 30 s per strike).
    const onServiceState = (state: ServiceState): void => {
      if (state.kind !== 'holding' || state.waitMs === 0) return
      const seconds = Math.ceil(state.waitMs / 1000)
      errLine(`note: the service asked to slow down; waiting ${seconds} s (Ctrl-C stops)`)
    }
    const opened = await openSession(global, apiKey, logger, memory, onServiceState)
    if (!opened.ok) return fail(opened.error)
    session = opened.data
    const result = await untilAborted(parsed.run({ handlers: session.handlers, signal }), signal)
    if (!result.ok) return fail(result.error)
    out(RENDER[global.format](result.data))
    // Demo data, or a service whose answers said its figures are illustrative: said as the app does.
    const status = global.format === 'table' ? await session.handlers.getConnectionStatus() : null
    const notice = status?.ok ? status.data.demoNotice : undefined
    if (notice) {
      errLine(`note: ${global.connection.mode === 'demo' ? notice : `the service says: ${notice}`}`)
    }
    for (const note of result.data.notes) errLine(note)
    return result.data.partialFailure ? fail(result.data.partialFailure) : EXIT_OK
  } catch (error) {
    return fail(unexpectedFailure(error))
  } finally {
    await session?.close()
  }
}

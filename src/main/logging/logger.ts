/** The logger every main-process module receives. Fields are structured; never pass secrets. */
export type LogFields = Record<string, unknown>

export interface AppLogger {
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, fields?: LogFields): void
}

export const silentLogger: AppLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined
}

/** One JSON line per entry on stderr (stdout stays free for the CLI's output). */
export function createConsoleLogger(write: (line: string) => void = defaultWrite): AppLogger {
  const log =
    (level: 'info' | 'warn' | 'error') =>
    (message: string, fields?: LogFields): void => {
      try {
        write(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }))
      } catch {
        // logging must never break the caller (e.g. a circular field)
      }
    }
  return { info: log('info'), warn: log('warn'), error: log('error') }
}

/** Safe to log: an error's name (its message may hold anything). */
export function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error
}

/** A Node system error's code (`ENOENT`, `EACCES`…), if it has one. */
export function errnoCode(error: unknown): string | undefined {
  return error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined
}

function defaultWrite(line: string): void {
  process.stderr.write(`${line}\n`)
}

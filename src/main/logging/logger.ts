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
export function createConsoleLogger(
  write = (line: string): void => void process.stderr.write(`${line}\n`)
): AppLogger {
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

const FIX_FOLDER = 'make the folder writable'
const FREE_SPACE = ['the disk is full', 'free some disk space'] as const
const NOT_A_FOLDER = ['it is not a folder', 'check that path'] as const
/** Why writing a file failed and what to do, by errno code, in the user's words (never a path). */
const WRITE_PROBLEMS: Partial<Record<string, readonly [why: string, next: string]>> = {
  EROFS: ['read-only', FIX_FOLDER],
  EACCES: ['permission denied', FIX_FOLDER],
  EPERM: ['permission denied', FIX_FOLDER],
  ENOSPC: FREE_SPACE,
  EDQUOT: FREE_SPACE,
  ENOENT: ['the folder no longer exists', 'check that path'],
  ENOTDIR: NOT_A_FOLDER,
  EEXIST: NOT_A_FOLDER,
  EISDIR: ['a folder is in the way', 'move it']
}

/** The one table of write failures: the save dialog's exports and settings.json use it. */
export function writeProblem(error: unknown): { why: string; next: string } {
  const code = errnoCode(error)
  const [why, next] = WRITE_PROBLEMS[code ?? ''] ?? [
    code ?? 'the write failed',
    'check that folder'
  ]
  return { why, next }
}

/** Process exit codes: 0 for success, one distinct code per error code of the app's Result. */
import { ERROR_CODE_EXITS } from '@shared/result'
import type { ErrorCode } from '@shared/result'

export const EXIT_OK = 0

const ENTRIES = Object.entries(ERROR_CODE_EXITS) as [ErrorCode, readonly [number, string]][]

/** Each error code's exit code (the table is in src/shared/result.ts). */
export const EXIT_CODES = Object.fromEntries(
  ENTRIES.map(([code, [exit]]) => [code, exit])
) as Record<ErrorCode, number>

/** The exit code table for --help, ordered by number. */
export function exitCodeHelp(): string {
  const rows: (readonly [number, string, string])[] = [
    [EXIT_OK, 'OK', 'success (compare: every lookup succeeded)'],
    ...ENTRIES.map(([code, [exit, meaning]]) => [exit, code, meaning] as const)
  ]
  const width = Math.max(...rows.map(([, code]) => code.length))
  return rows
    .sort((a, b) => a[0] - b[0])
    .map(
      ([exit, code, meaning]) => `  ${String(exit).padStart(2)}  ${code.padEnd(width)} ${meaning}`
    )
    .join('\n')
}

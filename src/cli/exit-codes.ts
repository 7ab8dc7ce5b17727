/** Process exit codes: 0 for success, one distinct code per error code of the app's Result. */
import type { ErrorCode } from '@shared/result'

export const EXIT_OK = 0

/** Every ErrorCode's exit code and what it means (--help). Bad arguments exit like INVALID_INPUT. */
const EXITS: Record<ErrorCode, readonly [exit: number, meaning: string]> = {
  INTERNAL: [1, 'unexpected failure inside the CLI or app core'],
  INVALID_INPUT: [2, 'bad command-line arguments or input (usage error)'],
  NOT_CONFIGURED: [3, 'remote mode without MARKET_API_KEY (or another missing setting)'],
  AUTH: [4, 'the service rejected the API key'],
  NOT_FOUND: [5, 'no data for that location, bed type or transaction type'],
  BAD_REQUEST: [6, 'the service refused the request parameters'],
  RATE_LIMITED: [7, 'too many requests; try again later'],
  OFFLINE: [8, 'offline: the service was not contacted'],
  NETWORK: [9, 'the service could not be reached'],
  TIMEOUT: [10, 'the service did not answer in time'],
  SERVER: [11, 'the service failed (HTTP 5xx)'],
  BAD_RESPONSE: [12, 'the answer was not what the service contract describes'],
  CANCELLED: [13, 'interrupted (Ctrl-C) before finishing'],
  FORBIDDEN: [14, 'a request from outside the app window was refused (never from the CLI)'],
  UNSUPPORTED_ROUTE: [15, 'the service has no such route (the path tried is named; see doctor)'],
  QUOTA: [16, 'the quota of the API key is used up (HTTP 402 or the service said so)']
}

const ENTRIES = Object.entries(EXITS) as [ErrorCode, (typeof EXITS)[ErrorCode]][]

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

/** Process exit codes: 0 for success, one distinct code per error code of the app's Result. */
import type { ErrorCode } from '@shared/result'

export const EXIT_OK = 0

/** Every ErrorCode has its own exit code; bad command-line arguments exit like INVALID_INPUT. */
export const EXIT_CODES = {
  INTERNAL: 1,
  INVALID_INPUT: 2,
  NOT_CONFIGURED: 3,
  AUTH: 4,
  NOT_FOUND: 5,
  BAD_REQUEST: 6,
  RATE_LIMITED: 7,
  OFFLINE: 8,
  NETWORK: 9,
  TIMEOUT: 10,
  SERVER: 11,
  BAD_RESPONSE: 12,
  CANCELLED: 13,
  FORBIDDEN: 14,
  UNSUPPORTED_ROUTE: 15,
  QUOTA: 16
} as const satisfies Record<ErrorCode, number>

export const EXIT_USAGE = EXIT_CODES.INVALID_INPUT

const MEANINGS: Record<ErrorCode, string> = {
  INTERNAL: 'unexpected failure inside the CLI or app core',
  INVALID_INPUT: 'bad command-line arguments or input (usage error)',
  NOT_CONFIGURED: 'remote mode without MARKET_API_KEY (or another missing setting)',
  AUTH: 'the service rejected the API key',
  NOT_FOUND: 'no data for that location, bed type or transaction type',
  BAD_REQUEST: 'the service refused the request parameters',
  RATE_LIMITED: 'too many requests; try again later',
  OFFLINE: 'offline: the service was not contacted',
  NETWORK: 'the service could not be reached',
  TIMEOUT: 'the service did not answer in time',
  SERVER: 'the service failed (HTTP 5xx)',
  BAD_RESPONSE: 'the answer was not what the service contract describes',
  CANCELLED: 'interrupted (Ctrl-C) before finishing',
  FORBIDDEN: 'a request from outside the app window was refused (never from the CLI)',
  UNSUPPORTED_ROUTE: 'the service has no such route (the path tried is named; see doctor)',
  QUOTA: "the service refused: the key's quota or plan is used up"
}

export function exitCodeFor(code: ErrorCode): number {
  return EXIT_CODES[code]
}

/** The exit code table for --help, ordered by number. */
export function exitCodeHelp(): string {
  const rows: [number, string, string][] = [
    [EXIT_OK, 'OK', 'success (compare: every lookup succeeded)'],
    ...(Object.entries(EXIT_CODES) as [ErrorCode, number][]).map(
      ([code, exit]): [number, string, string] => [exit, code, MEANINGS[code]]
    )
  ]
  rows.sort((a, b) => a[0] - b[0])
  return rows
    .map(([exit, code, meaning]) => `  ${String(exit).padStart(2)}  ${code.padEnd(15)} ${meaning}`)
    .join('\n')
}

import type { ErrorCode } from '@shared/result'

type Words = { title: string; status?: string; warn?: true }

/**
 * Each kind of error in words: `title` heads its notice; `status` is the status bar's short state
 * when the service's last answer was this error (`warn` when the service only asks the app to wait).
 */
export const ERROR_WORDS: Partial<Record<ErrorCode, Words>> = {
  AUTH: { title: 'The service refused the API key', status: 'Service refused the key' },
  NOT_CONFIGURED: { title: 'Your service is not set up yet' },
  RATE_LIMITED: { title: 'Too many requests', status: 'Service rate limiting', warn: true },
  QUOTA: { title: "The service refused: the key's quota is used up", status: 'Quota used up' },
  OFFLINE: { title: 'You are offline' },
  NETWORK: { title: 'Cannot reach the service', status: 'Service unreachable' },
  TIMEOUT: { title: 'The service took too long to answer', status: 'Service not answering' },
  NOT_FOUND: { title: 'No data' },
  UNSUPPORTED_ROUTE: {
    title: 'The service does not offer this route',
    status: 'Service route missing'
  },
  SERVER: { title: 'The service had a problem' },
  BAD_RESPONSE: { title: 'The service sent an unexpected answer' }
}

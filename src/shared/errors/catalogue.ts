/**
 * Every error the app reports, keyed by situation: its code, what happened (`message`) and what
 * helps (`nextStep`, phrased by each surface in ./next-steps.ts). Messages say what happened in
 * words that fit every surface: no "Settings", no command-line option.
 */
import type { AppError, ErrorCode, NextStep } from '../result'
import { formatSeconds } from './next-steps'

type Extra = Omit<AppError, 'code' | 'message' | 'nextStep'>

function entry(code: ErrorCode, message: string, nextStep?: NextStep, extra: Extra = {}): AppError {
  return { code, message, ...(nextStep ? { nextStep } : {}), ...extra }
}

/** Where a request went, for messages naming the host (never the query or the key). */
export interface Where {
  host: string
  path: string
}

/** The longest service message shown: main cleans and caps to it, the renderer keeps no more. */
export const MAX_SERVICE_MESSAGE_CHARS = 300

/** What the service said about an error it answered with. */
export interface ServiceSaid {
  status: number
  /** The service's own message, already cleaned and redacted. */
  serviceMessage?: string | undefined
  retryAfterMs?: number | undefined
}

const httpPart = (status: number): string => (status === 200 ? '' : ` (HTTP ${status})`)
/** ` (HTTP 401): "the service's words"`, each part when there is one. */
const told = (said: ServiceSaid): string =>
  `${httpPart(said.status)}${said.serviceMessage ? `: "${said.serviceMessage}"` : ''}`
/** Ends a sentence with a full stop, unless the service's quoted words already end it. */
export const sentence = (text: string): string => (/[.!?]"$/.test(text) ? text : `${text}.`)
/** An error the service answered with: what it means, then its status and its own words. */
const answered =
  (code: ErrorCode, text: string, nextStep: NextStep) =>
  (said: ServiceSaid): AppError =>
    entry(code, sentence(`${text}${told(said)}`), nextStep)
const listed = (missing: readonly string[]): string =>
  `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing`

/** The service answered too slowly: `what` it did not do within (or for) `ms`. */
const tooSlow =
  (what: string) =>
  (host: string, ms: number): AppError =>
    entry('TIMEOUT', `The service at ${host} ${what} ${formatSeconds(ms)}.`, 'raiseTimeout')

/** Why the quota guard sends nothing now, by the code of the answer that made it stop or pause. */
const NOT_SENT_BECAUSE: Partial<Record<ErrorCode, string>> = {
  RATE_LIMITED: 'the service is limiting requests, so the app waits before it sends more',
  AUTH: 'the service refused the API key, so the app stopped sending to it',
  QUOTA: 'the quota of this API key is used up, so the app stopped sending to the service',
  SERVER: 'the service is failing, so the app paused sending to it',
  NETWORK: 'the service cannot be reached, so the app paused sending to it',
  TIMEOUT: 'the service is not answering in time, so the app paused sending to it'
}

export const ERRORS = {
  // The connection as configured
  keyUnreadable: () =>
    entry(
      'NOT_CONFIGURED',
      'The saved API key could not be read from secure storage.',
      'enterApiKey'
    ),
  noApiKey: () =>
    entry('NOT_CONFIGURED', 'No API key is set for the market data service.', 'enterApiKey'),
  /** `which`: "saved earlier" or "typed above" when it matters which key it was. */
  unsendableKey: (which?: string) =>
    entry(
      'NOT_CONFIGURED',
      `The API key${which ? ` ${which}` : ''} contains characters that cannot be sent (such as a line break).`,
      'enterApiKey'
    ),
  noBaseUrl: () => entry('NOT_CONFIGURED', 'No service address is set.', 'enterBaseUrl'),
  badBaseUrl: (problem: string) =>
    entry('NOT_CONFIGURED', `The base URL ${problem}.`, 'checkBaseUrl'),
  /** Remote mode chosen, but the base URL or key (the `missing` ones) not given. */
  remoteNotConfigured: (missing: readonly string[]) =>
    entry(
      'NOT_CONFIGURED',
      `Your own service is selected but ${listed(missing)}.`,
      'addConnectionDetails'
    ),
  /** The same, for a test of what Settings' form holds: the step names what to fill in. */
  draftIncomplete: (missing: readonly string[]) => {
    const text = listed(missing)
    const step: NextStep =
      missing.length > 1
        ? 'addConnectionDetails'
        : missing[0] === 'your API key'
          ? 'enterApiKey'
          : 'enterBaseUrl'
    return entry('NOT_CONFIGURED', `${text.charAt(0).toUpperCase()}${text.slice(1)}.`, step)
  },
  demoUnavailable: () =>
    entry('NOT_CONFIGURED', 'Demo data is not available here.', 'connectOwnService'),
  demoFailed: () =>
    entry('INTERNAL', 'The built-in demo service could not start.', 'restartOrConnectOwnService'),
  offline: () =>
    entry('OFFLINE', 'Offline mode is on, so the service was not contacted.', 'turnOffOffline'),

  // The app itself
  clientClosed: () => entry('INTERNAL', 'The service connection has been closed.', 'retryLater'),
  /** A fault in the app's own code on the way to the service (`reason`: what was thrown). */
  failedContactingService: (reason?: string) =>
    entry(
      'INTERNAL',
      'Something went wrong in the app while contacting the service.',
      'reportBug',
      reason === undefined ? {} : { details: { reason } }
    ),
  handlerFailed: () => entry('INTERNAL', 'Something went wrong in the app.', 'restartApp'),
  shuttingDown: () => entry('INTERNAL', 'Market Explorer is shutting down.'),
  // Not a fault: where no window can print (browser harness, CLI) nothing is set up to do it.
  reportUnavailable: () =>
    entry('NOT_CONFIGURED', 'Saving a PDF report is only available in the desktop app.'),
  /** `what`: "CSV file", "report"…; `problem`: why, in words that never name the path. */
  fileNotSaved: (what: string, problem: string) =>
    entry(
      'INTERNAL',
      `The ${what} could not be saved (${problem}). Export again and choose another folder.`
    ),
  untrustedSender: () =>
    entry(
      'FORBIDDEN',
      'This request did not come from the Market Explorer window and was refused.'
    ),
  keyNotSaved: () =>
    entry('INTERNAL', 'The API key could not be encrypted and saved.', 'keepKeyForSession'),
  /** A key to keep on disk, on a computer that cannot encrypt it (the vault refuses it). */
  keyNotStored: () =>
    entry(
      'INVALID_INPUT',
      'This computer offers no secure storage for the key, so it was not saved. Keep it for this session only instead.'
    ),
  cancelled: () => entry('CANCELLED', 'The request was cancelled.', 'startAgain'),
  connectionTestStopped: (why: 'deadline' | 'cancelled', requests: number, deadlineMs: number) => {
    const sent = `${requests} ${requests === 1 ? 'request' : 'requests'}`
    return why === 'cancelled'
      ? entry('CANCELLED', `The test was cancelled after ${sent}.`)
      : entry(
          'TIMEOUT',
          `The test stopped after ${formatSeconds(deadlineMs)} and ${sent}: the service answered too slowly to find every route.`,
          'retryLater'
        )
  },
  batchItemCancelled: () => entry('CANCELLED', 'The batch was cancelled before this lookup ran.'),
  /**
   * The quota guard did not send this lookup: sending to the service is paused or stopped because
   * of `cause` (the answer that paused or stopped it, whose code and next step it keeps).
   */
  notSent: (cause: Pick<AppError, 'code' | 'nextStep'>, retryAfterMs?: number) =>
    entry(
      cause.code,
      `Not sent: ${NOT_SENT_BECAUSE[cause.code] ?? 'the service refused an earlier request'}.`,
      cause.nextStep,
      retryAfterMs === undefined ? { notSent: true } : { notSent: true, retryAfterMs }
    ),
  batchRunning: (batchId: string) =>
    entry(
      'INVALID_INPUT',
      `A batch with id "${batchId}" is already running. Cancel it or use a new id.`
    ),

  // Answers from the service
  keyRejected: answered('AUTH', 'The service rejected the API key', 'enterValidKey'),
  keyRefused: answered('AUTH', 'The service refused access with this API key', 'checkKeyAccess'),
  noData: answered('NOT_FOUND', 'The service has no data for this request', 'tryOtherOptions'),
  /** A 404 that is not the service's envelope: the route itself does not exist there. */
  unsupportedRoute: (said: ServiceSaid, where: Where) =>
    entry(
      'UNSUPPORTED_ROUTE',
      `The service at ${where.host} has no route ${where.path}${told(said)}: this is not missing data, the request went to a path the service does not serve.`,
      'findRoutes'
    ),
  rateLimited: answered('RATE_LIMITED', 'The service is limiting requests', 'waitAndRetry'),
  quotaExceeded: answered(
    'QUOTA',
    'The service refused the request: the quota of this API key is used up',
    'checkQuota'
  ),
  serverFailed: (said: ServiceSaid, where: Where) =>
    entry(
      'SERVER',
      sentence(`The service at ${where.host} had a problem${told(said)}`),
      'retryLater'
    ),
  serviceGaveUp: (said: ServiceSaid, where: Where) =>
    entry(
      'TIMEOUT',
      `The service at ${where.host} gave up waiting for the request${httpPart(said.status)}.`,
      'retryLater'
    ),
  unexpectedStatus: (said: ServiceSaid, where: Where) =>
    entry(
      'BAD_RESPONSE',
      `The service at ${where.host} answered with an unexpected HTTP status ${said.status}.`,
      'checkBaseUrl'
    ),
  requestRejected: answered('BAD_REQUEST', 'The service rejected the request', 'checkRequest'),
  notJson: (host: string, what: string, status: number) =>
    entry(
      'BAD_RESPONSE',
      `The service at ${host} answered with ${what} instead of JSON (HTTP ${status}).`,
      'checkServiceUrl'
    ),
  /** `problem`: the first field at fault and its problem, e.g. `data.price (expected number)`. */
  unexpectedShape: (problem: string) =>
    entry(
      'BAD_RESPONSE',
      `The service's answer was not in the expected format or held an impossible value: ${problem}.`,
      'checkServiceUrl'
    ),
  keyInAnswer: (field: string) =>
    entry(
      'BAD_RESPONSE',
      `The service's answer contained your API key (in ${field}), so the app did not use it.`,
      'reportKeyLeak'
    ),
  tooLarge: (maxBytes: number) =>
    entry(
      'BAD_RESPONSE',
      `The service sent a response larger than ${maxBytes} bytes, more than this app accepts.`,
      'checkServiceUrl'
    ),
  redirected: (status: number) =>
    entry(
      'BAD_RESPONSE',
      `The service redirected the request (HTTP ${status}) to another address.`,
      'updateBaseUrl'
    ),

  // The way to the service
  answerDeadline: tooSlow('did not finish answering within'),
  connectTimeout: (host: string, ms: number) =>
    entry(
      'TIMEOUT',
      `Could not connect to ${host} within ${formatSeconds(ms)}.`,
      'checkConnectionAndBaseUrl'
    ),
  headersTimeout: tooSlow('did not answer within'),
  bodyStalled: tooSlow('stopped sending its answer for'),
  bodyDeadline: tooSlow('did not finish sending its answer within'),
  hostNotFound: (host: string) =>
    entry('NETWORK', `Could not find the host ${host}.`, 'checkConnectionAndBaseUrl'),
  connectionRefused: (host: string) =>
    entry('NETWORK', `${host} refused the connection.`, 'checkServiceRunning'),
  connectionInterrupted: (host: string) =>
    entry('NETWORK', `The connection to ${host} was interrupted.`, 'checkConnection'),
  answerIncomplete: (host: string) =>
    entry('NETWORK', `The answer from ${host} arrived incomplete.`, 'checkConnection'),
  networkDown: (host: string) =>
    entry('NETWORK', `Cannot reach ${host}: the network is unavailable.`, 'checkInternet'),
  tlsFailed: (host: string, cause: string) =>
    entry('NETWORK', `The secure connection to ${host} failed (${cause}).`, 'checkCertificate'),
  notHttp: (host: string) =>
    entry(
      'BAD_RESPONSE',
      `The service at ${host} answered with something that is not valid HTTP.`,
      'checkBaseUrl'
    ),
  unreachable: (host: string) =>
    entry('NETWORK', `Could not reach the service at ${host}.`, 'checkConnectionAndBaseUrl')
} satisfies Record<string, (...args: never[]) => AppError>

/**
 * How each surface phrases what to do about an error. Main says what happened (`message`) and
 * which step helps (`nextStep`); the app, the Settings form and the CLI each say it in their own
 * terms, so no surface rewrites another's sentences.
 */
import { MAX_WAIT_MS } from '../wait'

/**
 * `app`: any screen of the app (Settings is one click away). `settingsForm`: Settings' own form,
 * where the fields are right above ("Open Settings" would make no sense). `cli`: the command line.
 */
export type Surface = 'app' | 'settingsForm' | 'cli'

/** What a phrase may read of the error it is said about. */
interface Said {
  retryAfterMs?: number | undefined
}

/** Each surface, and where it has the user change the key and the service's address (`url`). */
const WHERE = {
  app: { surface: 'app', key: 'in Settings', url: 'the base URL in Settings' },
  settingsForm: { surface: 'settingsForm', key: 'above', url: 'the base URL above' },
  cli: { surface: 'cli', key: 'in MARKET_API_KEY', url: '--base-url' }
} as const
type Where = (typeof WHERE)[Surface]

/** The same words everywhere; a sentence per surface; or words built from the surface's `Where`. */
type Phrase = string | Record<Surface, string> | ((where: Where, error: Said) => string)

export function formatSeconds(ms: number): string {
  const seconds = ms / 1000
  if (seconds < 60) return `${seconds >= 10 ? Math.ceil(seconds) : Number(seconds.toFixed(1))} s`
  // A long wait (a Retry-After of an hour or a day) in minutes or hours, rounded up.
  const minutes = Math.ceil(seconds / 60)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
}

export const NEXT_STEP_PHRASES = {
  enterApiKey: (at) =>
    `Set your API key ${at.key}${at.surface === 'settingsForm' ? ', then test again' : ''}.`,
  enterValidKey: (at) =>
    `Set a valid API key ${at.key}${at.surface === 'settingsForm' ? ', then test again' : ''}.`,
  checkKeyAccess: (at) => `Check the key's access rights, or set a different key ${at.key}.`,
  reportKeyLeak: (at) =>
    `Report this to the service provider, and consider replacing the key ${at.key}.`,
  keepKeyForSession: 'Try again, or keep it for this session only.',
  enterBaseUrl: {
    app: 'Open Settings and enter the base URL of the market data service.',
    settingsForm: 'Enter the base URL of the market data service above.',
    cli: 'Pass the service address with --base-url.'
  },
  addConnectionDetails: {
    app: 'Open Settings to add what is missing, or switch back to demo data.',
    settingsForm:
      'Fill in what is missing above, then test again. Nothing is saved until you press Save.',
    cli: 'Pass --base-url and set MARKET_API_KEY, or use --demo.'
  },
  connectOwnService: {
    app: 'Or open Settings and connect to your own service.',
    settingsForm: 'Choose “Your service” and enter its address and key.',
    cli: 'Use --base-url instead.'
  },
  restartOrConnectOwnService: {
    app: 'Restart Market Explorer. Or open Settings and connect to your own service.',
    settingsForm:
      'Restart Market Explorer. Or choose “Your service” and enter its address and key.',
    cli: 'Try again, or use --base-url.'
  },
  checkBaseUrl: (at) => `Check ${at.url}.`,
  findRoutes: {
    app: "Test the connection in Settings so the app finds the service's routes, or check the base URL.",
    settingsForm:
      "Test the connection again so the app finds the service's routes, or check the base URL above.",
    cli: "Run the doctor command to find the service's routes (or pass --layout), or check --base-url."
  },
  checkServiceUrl: (at) => `Check ${at.url} points at the market data service, or try again later.`,
  updateBaseUrl: (at) => `Update ${at.url} to the service's current address.`,
  checkCertificate: (at) => `Check ${at.url}; the service's certificate may be invalid.`,
  checkConnection: 'Check your connection and try again.',
  checkConnectionAndBaseUrl: (at) => `Check your connection and ${at.url}, then try again.`,
  checkServiceRunning: (at) =>
    `Check ${at.url} (host and port) and your connection, or that the service is running.`,
  checkInternet: (at) =>
    at.surface === 'app'
      ? 'Check your internet connection, or turn on offline mode in Settings.'
      : 'Check your internet connection.',
  // The app's timeouts are not offered in Settings: only the CLI can raise them.
  raiseTimeout: (at) => `Try again later${at.surface === 'cli' ? ', or raise --timeout-ms' : ''}.`,
  // The CLI has no offline mode of its own: there is nothing to turn off.
  turnOffOffline: {
    app: 'Turn off offline mode in Settings to fetch fresh data.',
    settingsForm: 'Turn off offline mode to fetch fresh data.',
    cli: ''
  },
  waitAndRetry: (_at, { retryAfterMs }) =>
    retryAfterMs === undefined
      ? 'Wait a moment and try again.'
      : retryAfterMs >= MAX_WAIT_MS
        ? 'Try again later.'
        : `Wait ${formatSeconds(retryAfterMs)} and try again.`,
  retryLater: 'Try again later.',
  checkQuota: (at) =>
    `Check the plan of this key with the service provider, then retry, or set another key ${at.key}.`,
  tryOtherOptions: 'Try another location, bed type or transaction type.',
  checkRequest: 'Check the location and options, then try again.',
  startAgain: 'Start it again when you need the data.',
  reportBug: 'Try again; if it keeps happening, report it.',
  restartApp: (at) =>
    at.surface === 'cli'
      ? 'Try again; if it keeps happening, report it.'
      : 'Try again; if it keeps happening, restart Market Explorer.'
} satisfies Record<string, Phrase>

/** What the user can do about an error (an AppError's `nextStep`). */
export type NextStep = keyof typeof NEXT_STEP_PHRASES

/** The next step in this surface's words; empty when there is none (or none that applies). */
export function nextStepText(
  error: Said & { nextStep?: NextStep | undefined },
  surface: Surface
): string {
  if (!error.nextStep) return ''
  const phrase: Phrase = NEXT_STEP_PHRASES[error.nextStep]
  if (typeof phrase === 'function') return phrase(WHERE[surface], error)
  return typeof phrase === 'string' ? phrase : phrase[surface]
}

/** What happened and what to do about it, for one surface. */
export function describeError(
  error: Said & { message: string; nextStep?: NextStep | undefined },
  surface: Surface
): string {
  const step = nextStepText(error, surface)
  return step ? `${error.message} ${step}` : error.message
}

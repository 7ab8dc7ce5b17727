/**
 * How each surface phrases what to do about an error. Main says what happened (`message`) and
 * which step helps (`nextStep`); the app, the Settings form and the CLI each say it in their own
 * terms, so no surface rewrites another's sentences.
 */

/**
 * `app`: any screen of the app (Settings is one click away). `settingsForm`: Settings' own form,
 * where the fields are right above ("Open Settings" would make no sense). `cli`: the command line.
 */
export type Surface = 'app' | 'settingsForm' | 'cli'

/** What a phrase may read of the error it is said about. */
interface Said {
  retryAfterMs?: number | undefined
}

type Phrase = string | ((error: Said) => string)
type Phrasing = Record<Surface, Phrase>

/** The same words everywhere. */
const everywhere = (phrase: Phrase): Phrasing => ({
  app: phrase,
  settingsForm: phrase,
  cli: phrase
})

/** Words about the base URL: in Settings in the app, above in the form, --base-url in the CLI. */
const baseUrlStep = (words: (baseUrl: string) => string): Phrasing => ({
  app: words('the base URL in Settings'),
  settingsForm: words('the base URL above'),
  cli: words('--base-url')
})

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
  enterApiKey: {
    app: 'Open Settings and enter your API key.',
    settingsForm: 'Enter your API key above, then test again.',
    cli: 'Set your key in MARKET_API_KEY.'
  },
  enterValidKey: {
    app: 'Open Settings and enter a valid key.',
    settingsForm: 'Enter a valid key above, then test again.',
    cli: 'Set a valid key in MARKET_API_KEY.'
  },
  checkKeyAccess: {
    app: "Check the key's access rights, or enter a different key in Settings.",
    settingsForm: "Check the key's access rights, or enter a different key above.",
    cli: "Check the key's access rights, or set a different key in MARKET_API_KEY."
  },
  reportKeyLeak: {
    app: 'Report this to the service provider, and consider replacing the key in Settings.',
    settingsForm: 'Report this to the service provider, and consider replacing the key.',
    cli: 'Report this to the service provider, and consider replacing the key in MARKET_API_KEY.'
  },
  keepKeyForSession: everywhere('Try again, or keep it for this session only.'),
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
  checkBaseUrl: baseUrlStep((url) => `Check ${url}.`),
  findRoutes: {
    app: "Test the connection in Settings so the app finds the service's routes, or check the base URL.",
    settingsForm:
      "Test the connection again so the app finds the service's routes, or check the base URL above.",
    cli: "Run the doctor command to find the service's routes (or pass --layout), or check --base-url."
  },
  checkServiceUrl: baseUrlStep(
    (url) => `Check ${url} points at the market data service, or try again later.`
  ),
  updateBaseUrl: baseUrlStep((url) => `Update ${url} to the service's current address.`),
  checkCertificate: baseUrlStep((url) => `Check ${url}; the service's certificate may be invalid.`),
  checkConnection: everywhere('Check your connection and try again.'),
  checkConnectionAndBaseUrl: baseUrlStep(
    (url) => `Check your connection and ${url}, then try again.`
  ),
  checkBaseUrlAndConnection: baseUrlStep((url) => `Check ${url} and your internet connection.`),
  checkServiceRunning: {
    app: 'Check the base URL (host and port) in Settings and your connection, or that the service is running.',
    settingsForm:
      'Check the base URL (host and port) above and your connection, or that the service is running.',
    cli: 'Check --base-url (host and port) and your connection, or that the service is running.'
  },
  checkInternet: {
    ...everywhere('Check your internet connection.'),
    app: 'Check your internet connection, or turn on offline mode in Settings.'
  },
  raiseTimeout: {
    // The app's timeouts are not offered in Settings: only the CLI can raise them.
    ...everywhere('Try again later.'),
    cli: 'Try again later, or raise --timeout-ms.'
  },
  turnOffOffline: {
    app: 'Turn off offline mode in Settings to fetch fresh data.',
    settingsForm: 'Turn off offline mode to fetch fresh data.',
    // The CLI has no offline mode of its own: there is nothing to turn off.
    cli: ''
  },
  waitAndRetry: everywhere(({ retryAfterMs }) =>
    retryAfterMs === undefined
      ? 'Wait a moment and try again.'
      : `Wait ${formatSeconds(retryAfterMs)} and try again.`
  ),
  retryLater: everywhere('Try again later.'),
  checkQuota: {
    app: 'Check the plan of this key with the service provider, then retry, or enter another key in Settings.',
    settingsForm:
      'Check the plan of this key with the service provider, or enter another key above.',
    cli: 'Check the plan of this key with the service provider, or set another key in MARKET_API_KEY.'
  },
  tryOtherOptions: everywhere('Try another location, bed type or transaction type.'),
  checkRequest: everywhere('Check the location and options, then try again.'),
  startAgain: everywhere('Start it again when you need the data.'),
  reportBug: everywhere('Try again; if it keeps happening, report it.'),
  restartApp: {
    ...everywhere('Try again; if it keeps happening, restart Market Explorer.'),
    cli: 'Try again; if it keeps happening, report it.'
  }
} satisfies Record<string, Phrasing>

/** What the user can do about an error (an AppError's `nextStep`). */
export type NextStep = keyof typeof NEXT_STEP_PHRASES

/** The next step in this surface's words; empty when there is none (or none that applies). */
export function nextStepText(
  error: Said & { nextStep?: NextStep | undefined },
  surface: Surface
): string {
  if (!error.nextStep) return ''
  const phrase: Phrase = NEXT_STEP_PHRASES[error.nextStep][surface]
  return typeof phrase === 'function' ? phrase(error) : phrase
}

/** What happened and what to do about it, for one surface. */
export function describeError(
  error: Said & { message: string; nextStep?: NextStep | undefined },
  surface: Surface
): string {
  const step = nextStepText(error, surface)
  return step ? `${error.message} ${step}` : error.message
}

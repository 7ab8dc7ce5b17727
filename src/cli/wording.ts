/**
 * The handlers' messages are written for the app ("Open Settings and …"). The CLI has no Settings
 * screen, so point those next steps at its own options and at MARKET_API_KEY instead.
 */
const REWRITES: readonly [RegExp, string][] = [
  [/Open Settings and enter a valid key\./g, 'Set a valid key in MARKET_API_KEY.'],
  [/Open Settings and enter (?:your API key|the key again)\./g, 'Set your key in MARKET_API_KEY.'],
  [/enter a different key in Settings/g, 'set a different key in MARKET_API_KEY'],
  [
    /Open Settings to add (?:it|them), or switch back to demo data\./g,
    'Pass --base-url and set MARKET_API_KEY, or use --demo.'
  ],
  [/,? or turn on offline mode in Settings/g, ''],
  [/Turn off offline mode in Settings to fetch fresh data\./g, ''],
  [/raise the timeout in Settings/g, 'raise --timeout-ms'],
  [/Open Settings and enter the base URL[^.]*\./g, 'Pass the service address with --base-url.'],
  [/Open Settings and correct it\./g, 'Correct --base-url.'],
  [/Update the base URL in Settings/g, 'Update --base-url'],
  [/the base URL \(host and port\) in Settings/g, '--base-url (host and port)'],
  [/the base URL in Settings/g, '--base-url'],
  [/The base URL in Settings/g, '--base-url'],
  [
    /Restart Market Explorer, or connect to your own service in Settings\./g,
    'Try again, or use --base-url.'
  ],
  [/connect to your own service in Settings/g, 'use --base-url'],
  [/in Settings/g, 'in the command-line options']
]

export function cliWording(message: string): string {
  let text = message
  for (const [pattern, replacement] of REWRITES) text = text.replace(pattern, replacement)
  return text.replace(/\s+/g, ' ').trim()
}

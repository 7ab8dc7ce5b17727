/** The options every command takes, validated with zod, and their help. */
import { z } from 'zod'
import { baseUrlProblem } from '@shared/settings'
import { refineWith } from '@shared/validation'
import { placementField, timeoutField } from './fields'

/** An option's value as node:util parseArgs reads it: the flags are booleans, the rest text. */
export type OptionValues = Partial<Record<string, string | boolean>>

export const GLOBAL_OPTIONS_HELP = `Connection (default: --demo):
  --demo                   use the built-in demo service with illustrative data, started in this
                           process and stopped at exit (the default without --base-url)
  --base-url URL           use your own service (https, or http for localhost); the API key is read
                           from the MARKET_API_KEY environment variable, never from a flag, because
                           command-line arguments are visible to other users in ps
  --param-placement MODE   remote only: send parameters as query (default), body or both
  --layout auto|spec|provider
                           remote only: where the service's routes are. auto (default) finds them
                           (see doctor) and remembers them per base URL in the CLI's config folder
                           (MARKET_CLI_CONFIG_DIR, else ~/.config/market-explorer-cli); spec: every
                           route at the base URL; provider: the Estate Intel layout (/locations at
                           the root, the rest under /v1/)
  --timeout-ms N           connect, header and body timeouts in ms (100 to 120000; default 5000,
                           15000, 15000)

Output:
  --json                   print the result data as one JSON document
  --csv                    print CSV (RFC 4180: header row, quoted cells, CRLF line ends)
  --verbose                log each request as a JSON line on stderr (the key is redacted)
  -h, --help               show help`

/** An option that takes no value. */
const flag = z.boolean().optional()

const GLOBAL_SHAPE = {
  help: flag,
  demo: flag,
  'base-url': z.string().trim().superRefine(refineWith(baseUrlProblem)).optional(),
  'param-placement': placementField.optional(),
  layout: z
    .enum(['auto', 'spec', 'provider'], { error: 'must be auto, spec or provider' })
    .optional(),
  'timeout-ms': timeoutField.optional(),
  json: flag,
  csv: flag,
  verbose: flag
}

export const GLOBAL_OPTIONS = Object.keys(GLOBAL_SHAPE)
export const FLAGS = GLOBAL_OPTIONS.filter(
  (name) => GLOBAL_SHAPE[name as keyof typeof GLOBAL_SHAPE] === flag
)

export const GlobalSchema = z
  .object(GLOBAL_SHAPE)
  .superRefine((value, ctx) => {
    const remote = value['base-url'] !== undefined
    const rules: [broken: boolean | undefined, option: string, message: string][] = [
      [
        value.demo && remote,
        'demo',
        'and --base-url exclude each other: choose the demo service or your own'
      ],
      [
        value['param-placement'] !== undefined && !remote,
        'param-placement',
        'applies to your own service only (with --base-url); the demo takes query'
      ],
      [
        value.layout !== undefined && value.layout !== 'auto' && !remote,
        'layout',
        'applies to your own service only (with --base-url); the demo has the spec layout'
      ],
      [value.json && value.csv, 'json', 'and --csv exclude each other: choose one output format']
    ]
    for (const [broken, option, message] of rules) {
      if (broken) ctx.addIssue({ code: 'custom', path: [option], message })
    }
  })
  .transform((value) => ({
    connection:
      value['base-url'] === undefined
        ? { mode: 'demo' as const }
        : {
            mode: 'remote' as const,
            baseUrl: value['base-url'],
            placement: value['param-placement'] ?? 'query'
          },
    layout: value.layout ?? 'auto',
    ...(value['timeout-ms'] === undefined ? {} : { timeoutMs: value['timeout-ms'] }),
    format: value.json ? ('json' as const) : value.csv ? ('csv' as const) : ('table' as const),
    verbose: value.verbose ?? false
  }))
export type GlobalOptions = z.output<typeof GlobalSchema>

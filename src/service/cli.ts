/**
 * Standalone embedded service:
 *   MARKET_API_KEY=KEY npm run service -- --port 8787 [--host 0.0.0.0] [--rate-limit 5/s] [--dataset FILE]
 *     [--layout spec|provider]
 * The key is never printed. --api-key KEY still works but warns: process arguments are visible to
 * every user of the machine (ps, /proc/<pid>/cmdline).
 */
import { parseArgs } from 'node:util'
import { DatasetError, loadDatasetFile } from './dataset'
import { DEFAULT_SERVICE_LAYOUT, routeUrls, SERVICE_LAYOUTS } from './layout'
import { parseRateLimit } from './rate-limit'
import { ROUTES } from './answers'
import { startService } from './server'

const HELP = `Market Explorer embedded Property Market Data Service (illustrative demo data)

Usage: MARKET_API_KEY=KEY npm run service -- [options]

  MARKET_API_KEY      (environment) the key clients must send in the API-KEY header
  --port N            port to listen on (default 8787; 0 picks a free port)
  --host HOST         address to bind (default 127.0.0.1)
  --rate-limit N/s    answer 429 with Retry-After above N requests a second (default: off)
  --dataset FILE      serve another dataset file (default: the bundled illustrative dataset)
  --layout LAYOUT     where routes live (default spec):
                        spec      every route at the root and under /v1/
                        provider  the real provider's layout: /locations at the root,
                                  /v1/residential-prices, /v1/land-prices, /v1/growth,
                                  unknown routes answer 404 {"message":"The route … could not be found."}
  -h, --help          show this help
  (--api-key KEY still works, but any user can read it in the process list: prefer MARKET_API_KEY)`

const API_KEY_FLAG_WARNING =
  'warning: --api-key shows the key to every user of this machine in the process list (ps); set MARKET_API_KEY instead.'

function fail(message: string): never {
  console.error(`error: ${message}\n\nRun with --help for usage.`)
  process.exit(2)
}

async function main(): Promise<void> {
  let values
  try {
    ;({ values } = parseArgs({
      options: {
        'api-key': { type: 'string' },
        port: { type: 'string', default: '8787' },
        host: { type: 'string', default: '127.0.0.1' },
        'rate-limit': { type: 'string' },
        dataset: { type: 'string' },
        layout: { type: 'string', default: DEFAULT_SERVICE_LAYOUT },
        help: { type: 'boolean', short: 'h' }
      },
      strict: true
    }))
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error))
  }
  if (values.help) {
    console.log(HELP)
    return
  }
  if (values['api-key'] !== undefined) console.error(API_KEY_FLAG_WARNING)
  const apiKey = values['api-key'] ?? process.env['MARKET_API_KEY']
  if (!apiKey) fail('an API key is required: set MARKET_API_KEY=KEY in the environment.')
  const port = Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    fail(`--port must be a port number, got "${values.port}".`)
  const rateLimit =
    values['rate-limit'] === undefined ? undefined : parseRateLimit(values['rate-limit'])
  if (values['rate-limit'] !== undefined && rateLimit === undefined) {
    fail(`--rate-limit takes requests a second such as 5/s, got "${values['rate-limit']}".`)
  }
  const layout =
    SERVICE_LAYOUTS.find((name) => name === values.layout) ??
    fail(`--layout takes ${SERVICE_LAYOUTS.join(' or ')}, got "${values.layout}".`)
  let dataset
  try {
    dataset = values.dataset ? loadDatasetFile(values.dataset) : undefined
  } catch (error) {
    fail(error instanceof DatasetError ? error.message : String(error))
  }

  const service = await startService({
    apiKey,
    host: values.host,
    port,
    layout,
    ...(dataset ? { dataset } : {}),
    ...(rateLimit ? { rateLimitPerSecond: rateLimit } : {})
  }).catch((error: unknown) =>
    fail(`could not start: ${error instanceof Error ? error.message : String(error)}`)
  )

  const notice = dataset ? `dataset ${values.dataset}` : 'illustrative demo data'
  console.log(`Market service (${notice}) listening on ${service.baseUrl}`)
  const urls = Object.keys(ROUTES).flatMap((path) => routeUrls(layout, path))
  console.log(`Layout: ${layout} (GET ${urls.join(', ')})`)
  if (rateLimit) console.log(`Rate limit: ${rateLimit} requests/s`)
  const stop = (): void => void service.close().then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

void main()

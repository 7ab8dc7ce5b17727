/**
 * Standalone embedded service:
 *   MARKET_API_KEY=KEY npm run service -- --port 8787 [--host 0.0.0.0] [--rate-limit 5/s] [--dataset FILE]
 * The key is never printed. --api-key KEY still works but warns: process arguments are visible to
 * every user of the machine (ps, /proc/<pid>/cmdline).
 */
import { parseArgs } from 'node:util'
import { DatasetError, loadDatasetFile } from './dataset'
import { parseRateLimit } from './rate-limit'
import { startService } from './server'

const HELP = `Market Explorer embedded Property Market Data Service (illustrative demo data)

Usage: MARKET_API_KEY=KEY npm run service -- [options]

  MARKET_API_KEY      (environment) the key clients must send in the API-KEY header
  --port N            port to listen on (default 8787; 0 picks a free port)
  --host HOST         address to bind (default 127.0.0.1)
  --rate-limit N/s    answer 429 with Retry-After above N requests a second (default: off)
  --dataset FILE      serve another dataset file (default: the bundled illustrative dataset)
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
    ...(dataset ? { dataset } : {}),
    ...(rateLimit ? { rateLimitPerSecond: rateLimit } : {})
  }).catch((error: unknown) =>
    fail(`could not start: ${error instanceof Error ? error.message : String(error)}`)
  )

  const notice = dataset ? `dataset ${values.dataset}` : 'illustrative demo data'
  console.log(`Market service (${notice}) listening on ${service.baseUrl}`)
  if (rateLimit) console.log(`Rate limit: ${rateLimit} requests/s`)
  const stop = (): void => {
    void service.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

void main()

import { z } from 'zod'
import { defineCommand, printed } from './command'

const OUTCOME_WORDS = {
  works: 'works',
  'route-missing': 'route missing',
  auth: 'key refused',
  'no-data': 'route found (no data for the sample)',
  error: 'error'
} as const

export const doctorCommand = defineCommand({
  name: 'doctor',
  summary: "find where the service's routes are and check the connection's health",
  usage: 'doctor',
  help: `Asks the service where each operation lives (a bounded number of requests, no retries):
the locations route first (for a real location), then each other operation at x, v1/x, /x and
/v1/x with the parameters in the query or a JSON body. Prints operation → path → placement →
outcome; with your own service the layout found is remembered for its base URL (--layout auto).

Examples:
  MARKET_API_KEY=... npm run cli -- doctor --base-url https://api.example.com
  npm run cli -- doctor --json`,
  schema: z.object({}),
  async run(_args, { handlers }) {
    const result = await handlers.testConnection()
    if (!result.ok) return result
    const data = result.data
    const rows = data.discovery ?? []
    const health = `health: ${data.baseUrl} answered the locations route in ${data.latencyMs} ms (${data.locationsFound} locations); discovery made ${data.discoveryRequests ?? 0} requests`
    const cells = rows.map((row) => ({
      ...row,
      outcome: OUTCOME_WORDS[row.outcome],
      detail: row.detail ?? ''
    }))
    const columns = ['operation', 'path', 'placement', 'outcome', 'detail']
    return printed(data, columns, cells, [health])
  }
})

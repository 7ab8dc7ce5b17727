/**
 * Mode switch (issue 19): switching to "Your service" stops the embedded demo service once its
 * calls in flight have ended (its port closes), and switching back starts it again. Measured over
 * many switches, each with a lookup started just before the switch is made: that lookup must be
 * answered from demo data, and ports left open (2 s after it ended) must be 0.
 */
import { afterAll, expect, it } from 'vitest'
import type { Result } from '@shared/result'
import { makeTestCore } from '../test/support/app-core/temporary-app-core'
import { recordRows, rowFromChecks } from './lib/results'
import { listening } from '../test/support/net/loopback'

const SWITCHES = 20

const PORT_CLOSE_LIMIT_MS = 2000

/** Whether the port still accepts connections after waiting up to `limitMs` for it to close. */
async function stillListening(port: number, limitMs: number): Promise<boolean> {
  const until = Date.now() + limitMs
  while (await listening(port)) {
    if (Date.now() >= until) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return false
}

function expectOk<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`)
  return result.data
}

const core = makeTestCore()
afterAll(() => core.cleanup())

it(`over ${SWITCHES} switches to "Your service" and back, no demo port is left open`, async () => {
  const { handlers } = core
  const failed: string[] = []
  const ports = new Set<number>()
  let leftOpen = 0
  const inFlightEnds = new Map<string, number>()
  for (let round = 1; round <= SWITCHES; round += 1) {
    expectOk(await handlers.listLocations({ sector: 'residential' }))
    const port = Number(new URL(expectOk(await handlers.getConnectionStatus()).baseUrl).port)
    ports.add(port)
    if (!(await listening(port))) failed.push(`round ${round}: demo port ${port} not listening`)
    // A lookup started just before the switch.
    const inFlight = handlers.getLandPrice({ location: 'ikoyi', countryCode: 'NG' })
    expectOk(
      await handlers.updateSettings({ connectionMode: 'remote', baseUrl: 'http://127.0.0.1:9' })
    )
    const ended = await inFlight
    const how = ended.ok ? 'answered' : ended.error.code
    inFlightEnds.set(how, (inFlightEnds.get(how) ?? 0) + 1)
    if (!ended.ok) failed.push(`round ${round}: the lookup in flight ended ${how}`)
    if (await stillListening(port, PORT_CLOSE_LIMIT_MS)) {
      leftOpen += 1
      failed.push(`round ${round}: port ${port} still open after the switch`)
    }
    expectOk(await handlers.updateSettings({ connectionMode: 'demo' }))
  }
  await recordRows('mode-switch', [
    rowFromChecks(
      {
        id: 'mode switch',
        area: 'Resources',
        case: `demo → "Your service" → demo, ${SWITCHES} times, a lookup in flight at each switch`,
        tried: SWITCHES,
        passed: SWITCHES - new Set(failed.map((line) => line.split(':')[0])).size,
        outcome: `ports left open: ${leftOpen}; ${ports.size} demo ports used; lookups started just before a switch: ${[...inFlightEnds].map(([how, count]) => `${count} ${how}`).join(', ')}`
      },
      failed
    )
  ])
  expect(failed).toEqual([])
})

import { request } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { startServiceProcess } from '../../test/support/service/service-process'
import type { ServiceProcess } from '../../test/support/service/service-process'

const running: ServiceProcess[] = []
afterEach(() => Promise.all(running.splice(0).map((service) => service.stop())))

function runCli(args: string[], env: Record<string, string> = {}): ServiceProcess {
  const service = startServiceProcess(args, env)
  running.push(service)
  return service
}

describe('npm run service', () => {
  it('prints its base URL, serves with the key from MARKET_API_KEY, and never prints the key', async () => {
    const cli = runCli(['--port', '0'], { MARKET_API_KEY: 'cli-secret-42' })
    const baseUrl = await cli.baseUrl
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const response = await request(`${baseUrl}/locations?sector=land`, {
      headers: { 'api-key': 'cli-secret-42' }
    })
    expect(response.statusCode).toBe(200)
    await response.body.dump()
    expect(cli.output()).not.toContain('cli-secret-42')
    expect(cli.stderr()).not.toMatch(/--api-key|process list/)
  })

  it('still takes --api-key, warns once on stderr that it shows in the process list, never printing the key', async () => {
    const cli = runCli(['--port', '0', '--api-key', 'flag-secret-77'])
    const baseUrl = await cli.baseUrl
    const response = await request(`${baseUrl}/locations?sector=land`, {
      headers: { 'api-key': 'flag-secret-77' }
    })
    expect(response.statusCode).toBe(200)
    await response.body.dump()
    const warnings = cli
      .stderr()
      .split('\n')
      .filter((line) => /warning/i.test(line))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/MARKET_API_KEY/)
    expect(warnings[0]).toMatch(/process list|ps/)
    expect(cli.output()).not.toContain('flag-secret-77')
  })

  it('exits non-zero with a clear message when no key is given', async () => {
    const cli = runCli(['--port', '0'])
    expect(await cli.exited).toBe(2)
    expect(cli.output()).toMatch(/API key is required/)
  })

  it('serves the provider layout with --layout provider and says so', async () => {
    const cli = runCli(['--port', '0', '--layout', 'provider'], { MARKET_API_KEY: 'layout-key' })
    const baseUrl = await cli.baseUrl
    const fetchJson = async (path: string) => {
      const response = await request(`${baseUrl}${path}`, { headers: { 'api-key': 'layout-key' } })
      return { status: response.statusCode, body: (await response.body.json()) as unknown }
    }
    expect((await fetchJson('/v1/land-prices?location=ikoyi&country_code=NG')).status).toBe(200)
    expect(await fetchJson('/land-prices?location=ikoyi&country_code=NG')).toEqual({
      status: 404,
      body: { message: 'The route land-prices could not be found.' }
    })
    expect(cli.output()).toMatch(/Layout: provider/)
  })

  it('rejects a bad rate limit, an unknown layout and an invalid dataset file', async () => {
    const layout = runCli(['--layout', 'v2'], { MARKET_API_KEY: 'k' })
    expect(await layout.exited).toBe(2)
    expect(layout.output()).toMatch(/--layout takes spec or provider, got "v2"/)
    const rate = runCli(['--rate-limit', 'fast'], { MARKET_API_KEY: 'k' })
    expect(await rate.exited).toBe(2)
    expect(rate.output()).toMatch(/--rate-limit takes requests a second/)
    const dataset = runCli(['--dataset', 'package.json'], { MARKET_API_KEY: 'k' })
    expect(await dataset.exited).toBe(2)
    expect(dataset.output()).toMatch(/package\.json is not a valid dataset/)
  })
})

/**
 * A service on 127.0.0.1 that lists many synthetic residential locations (`Estate <n> <suffix>` in
 * eight countries) and forwards every other request to a real embedded service, so the explore
 * screen can be driven with a list far larger than the bundled dataset.
 */
import { startServiceBehindFaultServer } from '../../test/support/client/service-behind-fault-server'

const COUNTRIES = ['Nigeria', 'Ghana', 'Kenya', 'Senegal', 'Rwanda', 'Tanzania', 'Uganda', 'Zambia']
const SUFFIXES = ['North', 'South', 'Gardens', 'Heights', 'Park']

export interface ManyLocationsService {
  origin: string
  close(): Promise<void>
}

export function syntheticLocationName(index: number): string {
  return `Estate ${index} ${SUFFIXES[index % SUFFIXES.length] ?? ''}`
}

function syntheticLocations(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const country = COUNTRIES[i % COUNTRIES.length] ?? 'Nigeria'
    return {
      name: syntheticLocationName(i),
      slug: `estate-${i}`,
      city: `${country} City ${i % 97}`,
      country,
      country_code: country.slice(0, 2).toUpperCase()
    }
  })
}

export async function startManyLocationsService(
  apiKey: string,
  count: number
): Promise<ManyLocationsService> {
  const { server, forward, close } = await startServiceBehindFaultServer(apiKey)
  const body = JSON.stringify({
    success: true,
    message: 'Found.',
    data: { sector: 'residential', locations: syntheticLocations(count) }
  })
  server.setDefault((req, res, hit) => {
    const isResidentialList =
      hit.path.endsWith('/locations') && hit.query['sector'] === 'residential'
    if (!isResidentialList || hit.headers['api-key'] !== apiKey) return forward(req, res, hit)
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body)
    })
    res.end(body)
  })
  return { origin: server.origin, close }
}

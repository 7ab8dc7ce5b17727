import { createServiceClient } from '../client'
import type { ServiceClient, ServiceClientOptions } from '../client'
import type { Result } from '@shared/result'
import type { OperationRoute, RoutedOperation } from '@shared/settings'
import type { Probe, Sample } from './discover'

export interface ClientProbe {
  probe: Probe
  close(): Promise<void>
}

/** One lookup of each operation with the sample location: a real slug makes "works" likely. */
function ask(client: ServiceClient, operation: RoutedOperation, sample: Sample) {
  const where = { location: sample.location, countryCode: sample.countryCode }
  const calls: Record<RoutedOperation, () => Promise<Result<unknown>>> = {
    listLocations: () => client.listLocations({ sector: 'residential' }),
    getResidentialPrice: () => client.getResidentialPrice({ ...where, type: 'sale', beds: '3' }),
    getGrowth: () => client.getGrowth({ ...where, sector: 'residential', type: 'sale', beds: '3' }),
    getLandPrice: () => client.getLandPrice(where)
  }
  return calls[operation]()
}

/**
 * A probe made of a service client aimed at one route at a time: the same validation, key
 * handling and error mapping as real calls, one attempt each (no retries, one at a time).
 */
export function createClientProbe(
  options: ServiceClientOptions,
  createClient: (options: ServiceClientOptions) => ServiceClient = createServiceClient
): ClientProbe {
  let current: Partial<Record<RoutedOperation, OperationRoute>> = {}
  const { rediscover: _ignored, ...rest } = options
  const client = createClient({
    ...rest,
    routes: () => current,
    retry: { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, maxTotalWaitMs: 0 },
    concurrency: 1
  })
  return {
    probe: (operation, route, sample) => {
      current = { [operation]: route }
      return ask(client, operation, sample)
    },
    close: () => client.close()
  }
}

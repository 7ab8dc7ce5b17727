import { createServiceClient } from '../client/client'
import type { ServiceClient } from '../client/client'
import type { ServiceClientOptions } from '../client/options'
import type { Result } from '@shared/result'
import type { OperationRoute, RoutedOperation } from '@shared/settings'
import type { Sender } from '../connection/quota-guard'
import type { Probe } from './discover'

export interface ClientProbe {
  probe: Probe
  close(): Promise<void>
}

type Ask = (input: object, signal: AbortSignal) => Promise<Result<unknown>>

/**
 * Each probe is one request, answered as it went: never sent again, never held (a connection test
 * must not spend more of the user's metered key than the requests it counts).
 */
const ONE_REQUEST: Sender = { send: (attempt, signal) => attempt(signal, 1) }

/**
 * A probe made of a service client aimed at one route at a time: the same validation, key
 * handling and error mapping as real calls, one request each (discovery asks one at a time).
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
    guard: ONE_REQUEST
  })
  return {
    probe: (operation, route, sample, signal) => {
      current = { [operation]: route }
      // The sample location (a real slug makes "works" likely), a residential sale of 3 beds:
      // the client sends only the operation's own parameters.
      const input = { ...sample, sector: 'residential', type: 'sale', beds: '3' }
      return (client[operation] as Ask)(input, signal)
    },
    close: () => client.close()
  }
}

/**
 * A service on 127.0.0.1 whose residential prices change when the test says so: it forwards to a
 * real embedded service and multiplies every `data.price` of /residential-prices by `factor`.
 * The observed-history journey visits, changes the factor, and visits again.
 */
import {
  forwardTo,
  startServiceBehindFaultServer
} from '../../test/support/client/service-behind-fault-server'

export interface ChangingPriceService {
  origin: string
  /** Prices from now on are the real ones × factor (rounded). */
  setFactor(factor: number): void
  close(): Promise<void>
}

export async function startChangingPriceService(apiKey: string): Promise<ChangingPriceService> {
  const { server, service, close } = await startServiceBehindFaultServer(apiKey)
  let factor = 1
  server.setDefault(
    forwardTo(service, (hit, text) => {
      if (!hit.path.endsWith('/residential-prices') || factor === 1) return text
      const body = JSON.parse(text) as { data?: { price?: number } }
      if (typeof body.data?.price !== 'number') return text
      body.data.price = Math.round(body.data.price * factor)
      return JSON.stringify(body)
    })
  )
  return {
    origin: server.origin,
    setFactor: (next) => {
      factor = next
    },
    close
  }
}

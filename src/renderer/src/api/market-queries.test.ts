import { QueryClient } from '@tanstack/react-query'
import type { FetchQueryOptions } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import type { MarketApi } from '@shared/contract'
import type { Result } from '@shared/result'
import {
  growthQuery,
  landPriceQuery,
  locationsQuery,
  residentialPriceQuery
} from './market-queries'

const LEKKI = { location: 'lekki-phase-1', countryCode: 'NG' }

/** A market whose lookups stay in flight until cancelled through cancelRequest. */
function pendingMarket() {
  const inFlight = new Map<string, (result: Result<never>) => void>()
  const inputs: unknown[] = []
  const lookup = (input: { requestId?: string }): Promise<Result<never>> => {
    inputs.push(input)
    return new Promise((resolve) => {
      if (input.requestId) inFlight.set(input.requestId, resolve)
    })
  }
  const cancelRequest = vi.fn(async ({ requestId }: { requestId: string }) => {
    const resolve = inFlight.get(requestId)
    inFlight.delete(requestId)
    resolve?.({ ok: false, error: { code: 'CANCELLED', message: 'cancelled' } })
    return { ok: true as const, data: { cancelled: resolve !== undefined } }
  })
  const market = {
    listLocations: lookup,
    getResidentialPrice: lookup,
    getGrowth: lookup,
    getLandPrice: lookup,
    cancelRequest
  } as unknown as MarketApi
  return { market, inputs, cancelRequest, inFlight }
}

describe('market queries: leaving a screen cancels its lookup in main', () => {
  it.each([
    ['locations', (market: MarketApi) => locationsQuery(market, 'land')],
    [
      'residential price',
      (market: MarketApi) => residentialPriceQuery(market, { ...LEKKI, type: 'sale', beds: '3' })
    ],
    ['growth', (market: MarketApi) => growthQuery(market, { ...LEKKI, sector: 'land' })],
    ['land price', (market: MarketApi) => landPriceQuery(market, LEKKI)]
  ])('%s: the query is cancelled → cancelRequest with its own requestId', async (_name, make) => {
    const { market, inputs, cancelRequest, inFlight } = pendingMarket()
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    // The four factories return differently typed options; fetchQuery only needs the shape.
    const options = make(market) as unknown as FetchQueryOptions
    const fetching = client.fetchQuery(options).catch((error: unknown) => error)
    await vi.waitFor(() => expect(inputs).toHaveLength(1))
    const [sent] = inputs as Array<{ requestId?: string }>
    expect(sent?.requestId).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
    await client.cancelQueries({ queryKey: options.queryKey })
    await fetching
    expect(cancelRequest).toHaveBeenCalledTimes(1)
    expect(cancelRequest).toHaveBeenCalledWith({ requestId: sent?.requestId })
    expect(inFlight.size).toBe(0)
  })

  it('each lookup gets a different id, and a finished one is never cancelled', async () => {
    const { market, inputs, cancelRequest, inFlight } = pendingMarket()
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const a = client.fetchQuery(landPriceQuery(market, LEKKI)).catch(() => undefined)
    const b = client.fetchQuery(landPriceQuery(market, { ...LEKKI, location: 'ikoyi' }))
    await vi.waitFor(() => expect(inputs).toHaveLength(2))
    const ids = (inputs as Array<{ requestId: string }>).map((input) => input.requestId)
    expect(new Set(ids).size).toBe(2)
    inFlight.get(ids[1] ?? '')?.({ ok: true, data: { price: 1, currency: 'NGN' } } as never)
    await b
    await client.cancelQueries()
    await a
    expect(cancelRequest.mock.calls.map(([input]) => input)).toEqual([{ requestId: ids[0] }])
  })
})

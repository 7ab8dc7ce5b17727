import { useQueries } from '@tanstack/react-query'
import type { UseQueryResult } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { Settings } from '@shared/settings'
import type { GrowthPayload, ResidentialPricePayload, TransactionType } from '@shared/spec'
import { fetchResidentialPrice, growthQuery, residentialPriceQuery } from '../../api/market-queries'
import type { MarketData, MarketQueryError, Provenance } from '../../api/market-result'
import { refetchAll } from '../../api/refresh'
import { useMarketApi, useStores } from '../../api/services'
import { forgetNoData, noDataKey, rememberNoData } from '../../stores/app-stores'
import { useStoreValue } from '../../stores/persistent-store'
import { growthToFraction } from '../../lib/growth'
import { grossYield } from '../../lib/rental-yield'
import type { YieldOutcome } from '../../lib/rental-yield'
import { locationKey } from '../../lib/location-ref'
import type { LocationRef } from '../../lib/location-ref'

export const TRANSACTION_TYPES: readonly TransactionType[] = ['rent', 'sale']

export type CellState<T> =
  | { status: 'loading' }
  | { status: 'ok'; value: MarketData<T> }
  | { status: 'no-data'; remembered: boolean }
  | { status: 'error'; error: MarketQueryError }

export interface GrowthValue {
  fraction: number
  period: string
}

export interface BedRow {
  beds: string
  price: Record<TransactionType, CellState<ResidentialPricePayload>>
  growth: Record<TransactionType, CellState<GrowthPayload>>
  growthFraction: Record<TransactionType, GrowthValue | undefined>
  yield: YieldOutcome | undefined
  /** Both rent and sale answered NOT_FOUND (remembered for this location). */
  noData: boolean
  /** Some "No data" here comes from an earlier visit and was not asked again this time. */
  remembered: boolean
}

/**
 * `remembered`: the cell was not asked this time because an earlier visit found no data. A
 * NOT_FOUND answered during this visit is shown as such (remembered: false) even once stored.
 */
function cellOf<T>(
  query: UseQueryResult<MarketData<T>> | undefined,
  remembered: boolean
): CellState<T> {
  if (query?.error?.code === 'NOT_FOUND') return { status: 'no-data', remembered: false }
  if (remembered) return { status: 'no-data', remembered: true }
  if (!query) return { status: 'loading' }
  if (query.data) return { status: 'ok', value: query.data }
  if (query.error) return { status: 'error', error: query.error }
  return { status: 'loading' }
}

/**
 * Every bed type × rent/sale price and growth for one residential location. Combinations that
 * answered NOT_FOUND are remembered per location and not asked again until retried.
 */
export function useResidentialMatrix(location: LocationRef, settings: Settings) {
  const market = useMarketApi()
  const stores = useStores()
  const memory = useStoreValue(stores.noData)
  const key = locationKey(location)
  const remembered = useMemo(() => new Set(memory[key] ?? []), [memory, key])
  const combos = settings.bedTypes.flatMap((beds) =>
    TRANSACTION_TYPES.map((type) => ({ beds, type }))
  )
  const params = { location: location.slug, countryCode: location.countryCode }

  const isActive = (combo: { beds: string; type: TransactionType }) =>
    !remembered.has(noDataKey(combo.type, combo.beds))

  const prices = useQueries({
    queries: combos.map(({ beds, type }) => {
      const priceParams = { ...params, type, beds }
      return {
        ...residentialPriceQuery(market, priceParams),
        // NOT_FOUND is remembered as it arrives, so this combination is skipped next time.
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          fetchResidentialPrice(market, priceParams, signal).catch((error: MarketQueryError) => {
            if (error.code === 'NOT_FOUND') {
              stores.noData.set((memo) => rememberNoData(memo, key, noDataKey(type, beds)))
            }
            throw error
          }),
        enabled: isActive({ beds, type })
      }
    })
  })
  const growths = useQueries({
    queries: combos.map(({ beds, type }) => ({
      ...growthQuery(market, { ...params, sector: 'residential', type, beds }),
      enabled: isActive({ beds, type })
    }))
  })

  const rows: BedRow[] = settings.bedTypes.map((beds) => {
    const at = (type: TransactionType) =>
      combos.findIndex((c) => c.beds === beds && c.type === type)
    const isRemembered = (type: TransactionType) => remembered.has(noDataKey(type, beds))
    const price = {
      rent: cellOf(prices[at('rent')], isRemembered('rent')),
      sale: cellOf(prices[at('sale')], isRemembered('sale'))
    }
    const growth = {
      rent: cellOf(growths[at('rent')], isRemembered('rent')),
      sale: cellOf(growths[at('sale')], isRemembered('sale'))
    }
    const fractionOf = (cell: CellState<GrowthPayload>): GrowthValue | undefined =>
      cell.status === 'ok'
        ? {
            fraction: growthToFraction(cell.value.data.growth, settings.growthUnit),
            period: cell.value.data.period
          }
        : undefined
    const rent = price.rent.status === 'ok' ? price.rent.value.data : undefined
    const sale = price.sale.status === 'ok' ? price.sale.value.data : undefined
    return {
      beds,
      price,
      growth,
      growthFraction: { rent: fractionOf(growth.rent), sale: fractionOf(growth.sale) },
      yield:
        rent && sale
          ? grossYield(
              { amount: rent.price, currency: rent.currency },
              { amount: sale.price, currency: sale.currency },
              settings.rentPeriod
            )
          : undefined,
      noData: price.rent.status === 'no-data' && price.sale.status === 'no-data',
      remembered: [price.rent, price.sale].some(
        (cell) => cell.status === 'no-data' && cell.remembered
      )
    }
  })

  const all = [...prices, ...growths]
  const active = all.filter((_, index) => {
    const combo = combos[index % combos.length]
    return combo !== undefined && isActive(combo)
  })
  const metas: Provenance[] = all.flatMap((query) => (query.data ? [query.data.meta] : []))
  const error = active.map((query) => query.error).find((e) => e && e.code !== 'NOT_FOUND')

  return {
    rows,
    metas,
    error: error ?? undefined,
    /** Any of the location's queries is fetching. */
    busy: active.some((query) => query.isFetching),
    refresh: () => refetchAll(active.map((query) => query.refetch)),
    retryFailed: () => {
      for (const query of active) {
        if (query.error && query.error.code !== 'NOT_FOUND') void query.refetch()
      }
    },
    retryBeds: (beds: string) =>
      stores.noData.set((current) =>
        forgetNoData(
          current,
          key,
          TRANSACTION_TYPES.map((type) => noDataKey(type, beds))
        )
      )
  }
}

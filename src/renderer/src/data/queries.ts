/**
 * One query factory per market operation: its key (derived from the lookup, see
 * @shared/figures/identity), its fetch and how long it is kept. Every screen reads figures
 * through these, with useQuery, useQueries or fetchQuery; none replaces the query function.
 */
import { hashKey, queryOptions } from '@tanstack/react-query'
import type { Query, QueryClient } from '@tanstack/react-query'
import type { LookupRequest } from '@shared/contract'
import { LOOKUP_ROOT, lookupKey } from '@shared/figures/identity'
import type { MarketApi } from '@shared/operations'
import type { Result } from '@shared/result'
import type {
  GrowthPayload,
  LandPricePayload,
  LocationsPayload,
  ResidentialPricePayload,
  Sector
} from '@shared/spec'
import { isNoDataAnswer } from '../offline-cache/cache-record'
import { fetchFigure, sendStartedLookups } from './lookup-batcher'
import { callMarket, toMarketQueryError } from './market-result'
import type { MarketData, MarketQueryError } from './market-result'

interface FigurePayloads {
  residentialPrice: ResidentialPricePayload
  growth: GrowthPayload
  landPrice: LandPricePayload
}

/** Any figure lookup (a batch item's kind and parameters) as a query. */
export function figureQuery<K extends keyof FigurePayloads>(
  market: MarketApi,
  lookup: Extract<LookupRequest, { kind: K }>
) {
  return queryOptions({
    queryKey: lookupKey(lookup),
    queryHash: lookupHash(lookup), // hashed once per lookup, not again by each observer
    queryFn: ({ signal }): Promise<MarketData<FigurePayloads[K]>> =>
      callMarket(() => fetchFigure(market, lookup, signal) as Promise<Result<FigurePayloads[K]>>)
  })
}

export interface FetchOutcome {
  fetched: number
  /** Failed, or not sent by main's quota guard (`notSent` of them). */
  failed: number
  notSent: number
  cancelled: boolean
  firstError?: MarketQueryError
}

/**
 * Fetches `lookups` (all started in this task, so they travel together) and reports each one
 * settled. Cancelled by `signal`: what was fetched stays, the rest is left for a later run.
 */
export async function fetchLookups(
  client: QueryClient,
  market: MarketApi,
  lookups: readonly LookupRequest[],
  onSettled: (done: number) => void,
  signal: AbortSignal
): Promise<FetchOutcome> {
  const outcome: FetchOutcome = { fetched: 0, failed: 0, notSent: 0, cancelled: false }
  const hashes = new Set(lookups.map(lookupHash))
  const cancel = () =>
    void client.cancelQueries({ predicate: (query) => hashes.has(query.queryHash) })
  signal.addEventListener('abort', cancel, { once: true })
  let done = 0
  await Promise.all(
    lookups.map((lookup) =>
      client
        .fetchQuery({ ...figureQuery(market, lookup), staleTime: 0 })
        .then(
          () => (outcome.fetched += 1),
          (error: unknown) => {
            const failure = toMarketQueryError(error)
            // "No data" is an answer, kept in the cache like a figure.
            if (isNoDataAnswer(failure)) outcome.fetched += 1
            else if (failure.code === 'CANCELLED' || signal.aborted) outcome.cancelled = true
            else {
              outcome.failed += 1
              if (failure.notSent) outcome.notSent += 1
              outcome.firstError ??= failure
            }
          }
        )
        .finally(() => onSettled((done += 1)))
    )
  )
  signal.removeEventListener('abort', cancel)
  outcome.cancelled ||= signal.aborted
  return outcome
}

/**
 * For a screen that knows its lookups as it renders: starts the figure queries never asked (as
 * usePrefetchQuery does) and sends them at once, so they leave before the screen has been laid
 * out and committed; the screen's useQueries then find them in flight.
 */
export function startUnasked(
  client: QueryClient,
  market: MarketApi,
  lookups: readonly LookupRequest[]
): void {
  for (const lookup of lookups) {
    if (!cachedQuery(client, lookup)) void client.prefetchQuery(figureQuery(market, lookup))
  }
  sendStartedLookups(market)
}

export const locationsQuery = (market: MarketApi, sector: Sector) =>
  queryOptions({
    queryKey: lookupKey({ kind: 'locations', sector }),
    queryFn: (): Promise<MarketData<LocationsPayload>> =>
      callMarket(() => market.listLocations({ sector }))
  })

const hashes = new WeakMap<LookupRequest, string>()

/** A lookup's query hash, worked out once per lookup object (rankings read thousands often). */
export function lookupHash(lookup: LookupRequest): string {
  let hash = hashes.get(lookup)
  if (hash === undefined) hashes.set(lookup, (hash = hashKey(lookupKey(lookup))))
  return hash
}

/** A lookup's query in the cache, if any: found by its hash, without comparing keys. */
export const cachedQuery = (client: QueryClient, lookup: LookupRequest) =>
  client.getQueryCache().get(lookupHash(lookup))

/** App state: settings, key status, connection, service state, and what the app stores itself. */
export const appKeys = {
  settings: ['app', 'settings'] as const,
  keyStatus: ['app', 'keyStatus'] as const,
  connectionStatus: ['app', 'connectionStatus'] as const,
  serviceState: ['app', 'serviceState'] as const,
  cacheLibrary: ['app', 'cacheLibrary'] as const,
  observedHistory: ['app', 'observedHistory'] as const
}

/** Every market lookup's key starts with this. */
export const marketKeys = { all: [LOOKUP_ROOT] as const }

/**
 * After the connection or the key changed: lookups that failed with nothing shown are asked again
 * when a screen shows them (a failed lookup is otherwise not asked again on mount), and what the
 * screens show now is refetched. A "no data" answer is an answer, not a failure: it is kept.
 */
export async function askAgain(client: QueryClient): Promise<void> {
  const failedUnshown = (query: Query) =>
    query.state.status === 'error' &&
    query.state.data === undefined &&
    !isNoDataAnswer(query.state.error)
  // Together, so what the screens show now is asked once, in one batch.
  await Promise.all([
    client.resetQueries({ queryKey: marketKeys.all, predicate: failedUnshown }),
    client.invalidateQueries({ queryKey: marketKeys.all, predicate: (q) => !failedUnshown(q) })
  ])
}

/**
 * Refetches queries: true when every one answered. "No data" (NOT_FOUND) is an answer, not a
 * failure of the refresh; why one failed is said by the screen's own notice (ServiceNotice).
 */
export async function refetchAll(
  refetchers: ReadonlyArray<() => Promise<{ error: unknown }>>
): Promise<boolean> {
  const results = await Promise.all(refetchers.map((refetch) => refetch()))
  return results.every(({ error }) => !error || isNoDataAnswer(error))
}

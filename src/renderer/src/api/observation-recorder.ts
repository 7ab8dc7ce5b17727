/**
 * Every successful market lookup — a screen's own query or a batch result written into the cache —
 * is also offered to the observed history. Reads of the cache replay old answers with their own
 * fetched-at times, which the history ignores or merges, so recording them is harmless.
 */
import { hashKey } from '@tanstack/react-query'
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { Settings } from '@shared/settings'
import type { ObservationHistory } from './cache-store/observation-history'
import { DEMO_BASE_URL } from '../lib/observation-log'
import type { SeriesIdentity, Sighting } from '../lib/observation-log'
import type { MarketData } from './market-result'
import { appKeys, MARKET_ROOT } from './query-keys'

type Figure = Record<string, unknown>

function isMarketData(value: unknown): value is MarketData<Figure> {
  if (typeof value !== 'object' || value === null) return false
  const { data, meta } = value as Partial<MarketData<unknown>>
  return typeof data === 'object' && data !== null && typeof meta === 'object' && meta !== null
}

/** The figure a lookup answered, as a value and its unit; undefined for lists and the unknown. */
export function sightingOf(queryKey: QueryKey, value: unknown): Sighting | undefined {
  if (queryKey[0] !== MARKET_ROOT || !isMarketData(value)) return undefined
  const at = Date.parse(value.meta.fetchedAt)
  const data = value.data
  const text = (field: string) => (typeof data[field] === 'string' ? data[field] : '')
  switch (queryKey[1]) {
    case 'residentialPrice':
      return typeof data['price'] === 'number'
        ? { value: data['price'], unit: text('currency'), at }
        : undefined
    case 'landPrice': {
      const per = text('unit')
      return typeof data['price'] === 'number'
        ? { value: data['price'], unit: per ? `${text('currency')}/${per}` : text('currency'), at }
        : undefined
    }
    case 'growth':
      return typeof data['growth'] === 'number'
        ? { value: data['growth'], unit: `period ${text('period')}`, at }
        : undefined
    default:
      return undefined
  }
}

/** The service a figure came from: demo answers are never filed under a remote base URL. */
export function identityOf(
  queryKey: QueryKey,
  value: unknown,
  settings: Pick<Settings, 'baseUrl'> | undefined
): SeriesIdentity | undefined {
  if (!isMarketData(value)) return undefined
  const source = value.meta.source
  if (source === 'demo') return { source, baseUrl: DEMO_BASE_URL, queryHash: hashKey(queryKey) }
  if (source === 'remote' && settings) {
    return { source, baseUrl: settings.baseUrl, queryHash: hashKey(queryKey) }
  }
  return undefined
}

/** Records every successful market lookup of `client` into `history`; returns the unsubscribe. */
export function recordObservations(client: QueryClient, history: ObservationHistory): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return
    const { queryKey } = event.query
    const value: unknown = event.query.state.data
    const sighting = sightingOf(queryKey, value)
    const identity = identityOf(queryKey, value, client.getQueryData<Settings>(appKeys.settings))
    if (!sighting || !identity) return
    void history.record({ ...identity, queryKey }, sighting).catch(() => undefined)
  })
}

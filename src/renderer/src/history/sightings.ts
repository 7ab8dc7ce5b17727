/**
 * What a screen showed, as observations of the history: the figure a lookup answered (value and
 * unit), from which service, when. Only figures the user looked at on a location or compare
 * screen are recorded (see useRecordSightings); a rankings fetch never is.
 */
import { hashKey } from '@tanstack/react-query'
import { asGrowthFigure, asPriceFigure } from '@shared/figures/figures'
import { isRecord } from '@shared/validation'
import type { ObservationHistory } from './observation-history'
import { DEMO_BASE_URL } from './observation-log'
import type { SeriesIdentity, Sighting } from './observation-log'

/** A figure a screen shows: its query key and the query's data (a Result's data and meta). */
export interface ShownFigure {
  queryKey: readonly unknown[]
  data: unknown
}

/** A shown figure's provenance (its Result's meta: source, fetched-at), when it has one. */
export const metaOf = (value: unknown) =>
  isRecord(value) && isRecord(value['meta']) ? value['meta'] : undefined

/** The figure a lookup answered, as a value and its unit; undefined for lists and the unknown. */
export function sightingOf(queryKey: readonly unknown[], value: unknown): Sighting | undefined {
  const meta = metaOf(value)
  if (!isRecord(value) || !meta) return undefined
  const fetchedAt = meta['fetchedAt']
  const at = typeof fetchedAt === 'string' ? Date.parse(fetchedAt) : Number.NaN
  const price = asPriceFigure(value['data'])
  switch (queryKey[1]) {
    case 'residentialPrice':
      return price && { value: price.price, unit: price.currency, at }
    case 'landPrice':
      return (
        price && {
          value: price.price,
          unit: price.unit ? `${price.currency}/${price.unit}` : price.currency,
          at
        }
      )
    case 'growth': {
      const growth = asGrowthFigure(value['data'])
      return growth && { value: growth.growth, unit: `period ${growth.period}`, at }
    }
    default:
      return undefined
  }
}

/** The service a figure came from: demo answers are never filed under a remote base URL. */
function identityOf(
  queryKey: readonly unknown[],
  value: unknown,
  remoteBaseUrl: string | undefined
): SeriesIdentity | undefined {
  const meta = metaOf(value)
  const queryHash = hashKey(queryKey)
  if (meta?.['source'] === 'demo') return { source: 'demo', baseUrl: DEMO_BASE_URL, queryHash }
  if (meta?.['source'] === 'remote' && remoteBaseUrl) {
    return { source: 'remote', baseUrl: remoteBaseUrl, queryHash }
  }
  return undefined
}

/** Records each shown figure (a replayed older answer is ignored by the history itself). */
export function recordShown(
  history: ObservationHistory,
  shown: readonly ShownFigure[],
  remoteBaseUrl: string | undefined
): void {
  for (const { queryKey, data } of shown) {
    const sighting = sightingOf(queryKey, data)
    const identity = identityOf(queryKey, data, remoteBaseUrl)
    if (!sighting || !identity) continue
    void history.record({ ...identity, queryKey }, sighting).catch(() => undefined)
  }
}

/**
 * How one cached answer is written to IndexedDB. Only what is worth keeping: the key, the data
 * (or the service's "no data"), when it was answered and the cache buster (about a third of the
 * size of the query's full state, which is what makes reading 20,000 of them fast). Records
 * written in the full form (the query persister's) by earlier versions are still read.
 */
import { hashKey } from '@tanstack/react-query'
import type { QueryKey } from '@tanstack/react-query'
import type { PersistedQuery } from '@tanstack/query-persist-client-core'
import { isRecord } from '@shared/validation'

/** A query's error as the app registers it with TanStack Query. */
export type QueryError = NonNullable<PersistedQuery['state']['error']>

/** "No data for this lookup" (NOT_FOUND), as the service said it: an answer, not a failure. */
export interface NoDataAnswer {
  code: 'NOT_FOUND'
  message: string
}

/** The one test for "no data": a query's error, a kept answer or a stored record's. */
export function isNoDataAnswer(value: unknown): value is NoDataAnswer {
  return isRecord(value) && value['code'] === 'NOT_FOUND' && typeof value['message'] === 'string'
}

/** One answer to keep: the lookup's data, or the service's "no data" for it. */
type Answer = { data: unknown } | { noData: NoDataAnswer }

/** The value of JSON text, or undefined when `stored` is not JSON text. */
export function parseJson(stored: unknown): { value: unknown } | undefined {
  if (typeof stored !== 'string') return undefined
  try {
    return { value: JSON.parse(stored) }
  } catch {
    return undefined
  }
}

export function encodeRecord(buster: string, queryKey: QueryKey, at: number, answer: Answer) {
  return JSON.stringify({
    f: 1, // format marker
    b: buster,
    k: queryKey,
    t: at, // when it was answered: dataUpdatedAt, or for "no data" errorUpdatedAt
    ...('noData' in answer
      ? { n: { code: answer.noData.code, message: answer.noData.message } }
      : { d: answer.data })
  })
}

function fromCompact(
  record: Record<string, unknown>,
  knownHash: string | undefined
): PersistedQuery | undefined {
  const { b, k, t, d, n } = record
  if (typeof b !== 'string' || !Array.isArray(k) || typeof t !== 'number') return undefined
  const noData = isNoDataAnswer(n) ? n : undefined
  if (!noData && d === undefined) return undefined
  const state: PersistedQuery['state'] = {
    data: noData ? undefined : d,
    dataUpdateCount: noData ? 0 : 1,
    dataUpdatedAt: noData ? 0 : t,
    // The plain answer: the restore makes it the query's error (restore's `noDataError`).
    error: noData
      ? ({ code: noData.code, message: noData.message } as unknown as QueryError)
      : null,
    errorUpdateCount: noData ? 1 : 0,
    errorUpdatedAt: noData ? t : 0,
    fetchFailureCount: 0,
    fetchFailureReason: null,
    fetchMeta: null,
    isInvalidated: false,
    status: noData ? 'error' : 'success',
    fetchStatus: 'idle'
  }
  return { buster: b, queryKey: k, queryHash: knownHash ?? hashKey(k), state }
}

function fromFull(record: Record<string, unknown>): PersistedQuery | undefined {
  const state = record['state']
  if (!Array.isArray(record['queryKey']) || !isRecord(state) || state['data'] === undefined)
    return undefined
  return record as unknown as PersistedQuery
}

/**
 * The answer in a stored value (its JSON text, or that text already parsed), or undefined when
 * the value is damaged. `knownHash`: the query hash when the caller already has it (from the
 * storage key), which saves hashing the key again when reading thousands of records.
 */
export function decodeRecord(
  value: unknown,
  options: { parsed?: boolean; knownHash?: string } = {}
): PersistedQuery | undefined {
  const record = options.parsed ? value : parseJson(value)?.value
  if (!isRecord(record)) return undefined
  return record['f'] === 1 ? fromCompact(record, options.knownHash) : fromFull(record)
}

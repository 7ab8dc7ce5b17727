/**
 * How one cached query is written to IndexedDB. Only what is worth keeping: the key, the data,
 * when it was fetched and the cache buster (about a third of the size of the persister's full
 * query state, which is what makes reading 20,000 of them fast). Records written in the full form
 * by earlier versions are still read.
 */
import { hashKey } from '@tanstack/react-query'
import type { QueryKey } from '@tanstack/react-query'
import type { PersistedQuery } from '@tanstack/query-persist-client-core'
import { isRecord } from '@shared/validation'

interface CompactRecord {
  /** Format marker. */
  f: 1
  /** Cache buster (app version + cache schema). */
  b: string
  k: QueryKey
  /** dataUpdatedAt (for a no-data answer: when it was answered) */
  t: number
  d?: unknown
  /** The service answered that it has no data: an answer worth keeping offline too. */
  n?: NoDataAnswer
}

/** A query's error as the app registers it with TanStack Query. */
export type QueryError = NonNullable<PersistedQuery['state']['error']>

/** "No data for this lookup" (NOT_FOUND), as the service said it. */
export interface NoDataAnswer {
  code: 'NOT_FOUND'
  message: string
}

export function isNoDataAnswer(value: unknown): value is NoDataAnswer {
  return isRecord(value) && value['code'] === 'NOT_FOUND' && typeof value['message'] === 'string'
}

/** A no-data answer as its record (the same key as the lookup's figure would have). */
export function encodeNoData(
  buster: string,
  queryKey: QueryKey,
  at: number,
  answer: NoDataAnswer
): string {
  const record: CompactRecord = {
    f: 1,
    b: buster,
    k: queryKey,
    t: at,
    n: { code: answer.code, message: answer.message }
  }
  return JSON.stringify(record)
}

export function encodeRecord(query: PersistedQuery): string {
  const record: CompactRecord = {
    f: 1,
    b: query.buster,
    k: query.queryKey,
    t: query.state.dataUpdatedAt,
    d: query.state.data
  }
  return JSON.stringify(record)
}

function fromCompact(
  record: Record<string, unknown>,
  knownHash: string | undefined
): PersistedQuery | undefined {
  const { b, k, t, d, n } = record
  if (typeof b !== 'string' || !Array.isArray(k) || typeof t !== 'number') return undefined
  const queryHash = knownHash ?? hashKey(k)
  if (isNoDataAnswer(n)) {
    return {
      buster: b,
      queryKey: k,
      queryHash,
      state: {
        data: undefined,
        dataUpdateCount: 0,
        dataUpdatedAt: 0,
        // The plain answer: the restore makes it the query's error (restore's `noDataError`).
        error: { code: n.code, message: n.message } as unknown as QueryError,
        errorUpdateCount: 1,
        errorUpdatedAt: t,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchMeta: null,
        isInvalidated: false,
        status: 'error',
        fetchStatus: 'idle'
      }
    }
  }
  if (d === undefined) return undefined
  return {
    buster: b,
    queryKey: k,
    queryHash,
    state: {
      data: d,
      dataUpdateCount: 1,
      dataUpdatedAt: t,
      error: null,
      errorUpdateCount: 0,
      errorUpdatedAt: 0,
      fetchFailureCount: 0,
      fetchFailureReason: null,
      fetchMeta: null,
      isInvalidated: false,
      status: 'success',
      fetchStatus: 'idle'
    }
  }
}

function fromFull(record: Record<string, unknown>): PersistedQuery | undefined {
  const state = record['state']
  if (!Array.isArray(record['queryKey']) || !isRecord(state) || state['data'] === undefined) {
    return undefined
  }
  return record as unknown as PersistedQuery
}

/**
 * The persisted query in a stored value, or undefined when the value is damaged. `knownHash`:
 * the query hash when the caller already has it (from the storage key), which saves hashing the
 * key again when reading thousands of records.
 */
export function decodeRecord(value: unknown, knownHash?: string): PersistedQuery | undefined {
  if (typeof value !== 'string') return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    return undefined
  }
  return decodeParsedRecord(parsed, knownHash)
}

/** Like decodeRecord, for a value whose JSON text has already been parsed. */
export function decodeParsedRecord(
  parsed: unknown,
  knownHash?: string
): PersistedQuery | undefined {
  if (!isRecord(parsed)) return undefined
  return parsed['f'] === 1 ? fromCompact(parsed, knownHash) : fromFull(parsed)
}

/** For the persister: a damaged value throws, and the persister then deletes it. */
export function decodeRecordOrThrow(value: string): PersistedQuery {
  const decoded = decodeRecord(value)
  if (!decoded) throw new Error('damaged cache record')
  return decoded
}

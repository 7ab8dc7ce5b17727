import { hashKey } from '@tanstack/react-query'
import type { PersistedQuery } from '@tanstack/query-persist-client-core'
import { describe, expect, it } from 'vitest'
import { decodeRecord, encodeRecord } from './cache-record'

const queryKey = [
  'market',
  'residentialPrice',
  { location: 'lekki-phase-1', countryCode: 'NG', type: 'rent', beds: '2' }
]
const data = {
  data: { price: 5_250_000, beds: '2', location: 'lekki-phase-1', country_code: 'NG' },
  meta: { source: 'remote', fetchedAt: '2026-11-22T10:00:00.000Z' }
}
const full: PersistedQuery = {
  buster: '0.1.0+cache-v1',
  queryKey,
  queryHash: hashKey(queryKey),
  state: {
    data,
    dataUpdateCount: 3,
    dataUpdatedAt: 1_795_383_395_248,
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

const compact = (query: PersistedQuery) =>
  encodeRecord(query.buster, query.queryKey, query.state.dataUpdatedAt, { data: query.state.data })

describe('cache records', () => {
  it('round-trips key, data, time and buster, and recomputes the query hash', () => {
    const decoded = decodeRecord(compact(full))
    expect(decoded).toMatchObject({
      buster: full.buster,
      queryKey,
      queryHash: full.queryHash,
      state: { data, dataUpdatedAt: full.state.dataUpdatedAt, status: 'success' }
    })
  })

  it('is well under half the size of the full query state', () => {
    expect(compact(full).length).toBeLessThan(JSON.stringify(full).length / 2)
  })

  it('still reads records written in the full form by earlier versions', () => {
    expect(decodeRecord(JSON.stringify(full))).toEqual(full)
  })

  it('calls anything else damaged', () => {
    for (const value of [
      42,
      { f: 1 },
      'not json',
      '[]',
      '{"f":1,"b":"x","k":"not-a-key","t":1,"d":1}',
      '{"f":1,"b":"x","k":[],"t":"soon","d":1}',
      '{"f":1,"b":"x","k":[],"t":1}',
      '{"queryKey":["market"],"state":{}}'
    ]) {
      expect(decodeRecord(value), JSON.stringify(value)).toBeUndefined()
    }
  })
})

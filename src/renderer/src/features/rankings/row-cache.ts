import type { LookupRequest } from '@shared/contract'
import { buildRow } from './rankings-cells'
import type { CellOptions, LookupState, RankRow } from './rankings-cells'
import type { RowRequests } from './rankings-requests'

interface Cached {
  states: Array<LookupState | undefined>
  row: RankRow
}

function slots(requests: RowRequests): Array<LookupRequest | undefined> {
  return [requests.sale, requests.rent, requests.land, requests.growth, requests.smallerPrice]
}

/**
 * buildRow with memory: a row whose lookups read as the same state objects (and the same
 * options) is reused, so a batch landing rebuilds only the rows it answered, not all of them.
 */
export function createRowCache() {
  let options: CellOptions | undefined
  let cache = new Map<string, Cached>()
  return (
    key: string,
    requests: RowRequests,
    lookup: (request: LookupRequest) => LookupState,
    nextOptions: CellOptions
  ): RankRow => {
    if (nextOptions !== options) {
      options = nextOptions
      cache = new Map()
    }
    const states = slots(requests).map((request) => (request ? lookup(request) : undefined))
    const hit = cache.get(key)
    // The key names the location and the options its scope: the same key asks the same lookups.
    if (hit && hit.states.every((s, i) => s === states[i])) {
      return hit.row
    }
    const row = buildRow(key, requests, lookup, nextOptions)
    cache.set(key, { states, row })
    return row
  }
}

import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { LookupRequest } from '@shared/contract'
import type { CachedEntry } from '../../api/market-cache'
import type { MarketData, MarketQueryError } from '../../api/market-result'
import { MARKET_ROOT } from '../../api/query-keys'
import type { LookupState } from './rankings-cells'

/**
 * A cheap, stable id per lookup (a query hash costs a sorted JSON stringify; 50,000 rows make
 * 200,000 of them). Built from the same fields the query key holds, so a cached key maps to it.
 */
export function lookupId(request: LookupRequest): string {
  switch (request.kind) {
    case 'residentialPrice':
      return `residentialPrice|${request.countryCode.toUpperCase()}|${request.location}|${request.type}|${request.beds}`
    case 'landPrice':
      return `landPrice|${request.countryCode.toUpperCase()}|${request.location}`
    case 'growth':
      return `growth|${request.countryCode.toUpperCase()}|${request.location}|${request.sector}|${request.type ?? ''}|${request.beds ?? ''}`
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

/** The lookup id of a cached query key, when it is a lookup the rankings make. */
export function lookupIdOfKey(queryKey: QueryKey): string | undefined {
  const [root, name, params] = queryKey
  if (root !== MARKET_ROOT || typeof params !== 'object' || params === null) return undefined
  const p = params as Record<string, unknown>
  const location = text(p['location'])
  const countryCode = text(p['countryCode'])
  if (!location || !countryCode) return undefined
  const base = { location, countryCode }
  if (name === 'residentialPrice') {
    const type = p['type']
    const beds = text(p['beds'])
    if ((type !== 'rent' && type !== 'sale') || !beds) return undefined
    return lookupId({ kind: 'residentialPrice', ...base, type, beds })
  }
  if (name === 'landPrice') return lookupId({ kind: 'landPrice', ...base })
  if (name === 'growth') {
    const sector = p['sector']
    if (sector !== 'residential' && sector !== 'land') return undefined
    const type = p['type']
    const beds = text(p['beds'])
    return lookupId({
      kind: 'growth',
      ...base,
      sector,
      ...(type === 'rent' || type === 'sale' ? { type } : {}),
      ...(beds ? { beds } : {})
    })
  }
  return undefined
}

const PENDING: LookupState = { status: 'pending' }
const NOT_FETCHED: LookupState = { status: 'not-fetched' }

function isMarketData(value: unknown): value is MarketData<unknown> {
  if (typeof value !== 'object' || value === null) return false
  const meta = (value as { meta?: unknown }).meta
  return 'data' in value && typeof meta === 'object' && meta !== null && 'fetchedAt' in meta
}

/**
 * What the rankings know of each lookup: answers (from memory, the on-disk cache and batches),
 * errors of this session, and what the running fetch is still waiting for.
 */
export class LookupStore {
  // States are kept as objects, so an unchanged lookup reads as the same object (rows reuse).
  private readonly answers = new Map<string, { state: LookupState; at: number }>()
  private readonly errors = new Map<string, { error: MarketQueryError; state: LookupState }>()
  private readonly pending = new Set<string>()

  /** Answers the query client holds in memory now. */
  absorbClient(client: QueryClient): void {
    for (const query of client.getQueryCache().findAll({ queryKey: [MARKET_ROOT] })) {
      const id = lookupIdOfKey(query.queryKey)
      if (id) this.offer(id, query.state.data, query.state.dataUpdatedAt)
    }
  }

  /** Answers read from the on-disk cache. */
  absorbEntries(entries: readonly CachedEntry[]): void {
    for (const entry of entries) {
      const id = lookupIdOfKey(entry.queryKey)
      if (id) this.offer(id, entry.data, entry.dataUpdatedAt)
    }
  }

  /** Keeps an answer unless a newer one is known. */
  offer(id: string, data: unknown, at: number): void {
    if (!isMarketData(data)) return
    const known = this.answers.get(id)
    if (known && known.at > at) return
    this.answers.set(id, { state: { status: 'ok', data: data.data, meta: data.meta }, at })
    this.errors.delete(id)
  }

  fail(id: string, error: MarketQueryError): void {
    this.errors.set(id, { error, state: { status: 'error', error } })
  }

  forget(id: string): void {
    this.errors.delete(id)
  }

  setPending(ids: Iterable<string>): void {
    for (const id of ids) this.pending.add(id)
  }

  settle(ids: Iterable<string>): void {
    for (const id of ids) this.pending.delete(id)
  }

  has(id: string): boolean {
    return this.answers.has(id)
  }

  errorOf(id: string): MarketQueryError | undefined {
    return this.errors.get(id)?.error
  }

  state(id: string): LookupState {
    const answer = this.answers.get(id)
    if (answer) return answer.state
    if (this.pending.has(id)) return PENDING
    return this.errors.get(id)?.state ?? NOT_FETCHED
  }
}

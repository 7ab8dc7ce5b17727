import { describe, expect, it } from 'vitest'
import type { LookupRequest } from '@shared/contract'
import { MarketQueryError } from '../../data/market-result'
import type { Provenance } from '../../data/market-result'
import type { LocationRef } from '../../lib/location-ref'
import { buildRow, rankingColumns } from './rankings-cells'
import type { LookupState } from '../../data/location-figures'
import type { ColumnSpec, RankRow } from './rankings-cells'
import { rowRequests } from './rankings-lookups'
import type { RankingsScope } from './rankings-lookups'
import { columnStandings, sortRows } from './rankings-sort'

const SCOPE: RankingsScope = { sector: 'residential', type: 'sale', beds: '3', smallerBeds: '2' }
const META: Provenance = { source: 'demo', fetchedAt: '2026-11-01T00:00:00.000Z' }
const SETTINGS = { growthUnit: 'percent', growthMeaning: 'per-year', rentPeriod: 'year' } as const
const OPTIONS = { scope: SCOPE, settings: SETTINGS, display: { currency: null, rates: [] } }
const SPECS = rankingColumns(SCOPE, 'year')
const spec = (id: string): ColumnSpec => {
  const found = SPECS.find((s) => s.id === id)
  if (!found) throw new Error(id)
  return found
}

function ref(slug: string, countryCode = 'NG'): LocationRef {
  return { sector: 'residential', slug, countryCode, name: slug, city: 'City', country: 'Country' }
}

/** Answers: sale = `sale`, rent = 6 % of it, growth = `growth` %, smaller bed 80 % of sale. */
function answered(sale: number, growth: number, currency = 'NGN') {
  return (request: LookupRequest): LookupState => {
    if (request.kind === 'growth') {
      return { status: 'ok', data: { growth, period: '2020-2025' }, meta: META }
    }
    const price =
      request.kind === 'residentialPrice' && request.type === 'rent'
        ? sale * 0.06
        : request.kind === 'residentialPrice' && request.beds === '2'
          ? sale * 0.8
          : sale
    return { status: 'ok', data: { price, currency }, meta: META }
  }
}

function row(slug: string, lookup: (r: LookupRequest) => LookupState, country = 'NG'): RankRow {
  return buildRow(slug, rowRequests(ref(slug, country), SCOPE), lookup, OPTIONS)
}

describe('rankings model', () => {
  it('computes yield, growth and per-bedroom premium for an answered row', () => {
    const built = row('a', answered(100_000_000, 5))
    expect(built.state).toBe('ok')
    const cell = (id: 'yield' | 'growth' | 'premium') => built.cells[id]
    expect(cell('yield')?.status === 'ok' && cell('yield')).toMatchObject({ value: 0.06 })
    expect(cell('growth')?.status === 'ok' && cell('growth')).toMatchObject({ value: 0.05 })
    expect(cell('premium')?.status === 'ok' && cell('premium')).toMatchObject({
      value: 20_000_000,
      group: 'NGN'
    })
  })

  it('never ranks pending, not-fetched or failed rows, and puts them last in that order', () => {
    const failed = new MarketQueryError({ code: 'NETWORK', message: 'dropped' })
    const rows = [
      row('failed', (r) =>
        r.kind === 'growth' ? { status: 'error', error: failed } : answered(1, 1)(r)
      ),
      row('pending', () => ({ status: 'loading' })),
      row('low', answered(100, 1)),
      row('waiting', () => ({ status: 'not-fetched' })),
      row('high', answered(100, 9))
    ]
    const standings = columnStandings(rows, spec('growth'))
    expect([...standings.keys()].sort()).toEqual(['high', 'low'])
    const sorted = sortRows(rows, { column: 'growth', direction: 'desc' })
    expect(sorted.map((r) => r.key)).toEqual(['high', 'low', 'pending', 'waiting', 'failed'])
    expect(rows[0]?.state).toBe('failed')
  })

  it('treats NOT_FOUND as an answer with no data, not as a failure', () => {
    const missing = new MarketQueryError({ code: 'NOT_FOUND', message: 'none' })
    const built = row('a', (r) =>
      r.kind === 'residentialPrice' && r.beds === '2'
        ? { status: 'error', error: missing }
        : answered(100, 2)(r)
    )
    expect(built.state).toBe('ok')
    expect(built.cells.premium?.status).toBe('no-data')
  })

  it('equal values share a rank and its shading; the next value ranks after all of them', () => {
    const rows = [
      row('first', answered(100, 7)),
      row('also-first', answered(100, 7)),
      row('third', answered(100, 4)),
      row('last', answered(100, 1))
    ]
    const standings = columnStandings(rows, spec('growth'))
    expect(standings.get('first')).toEqual({ rank: 1, heat: 4, mark: 'best' })
    expect(standings.get('also-first')).toEqual({ rank: 1, heat: 4, mark: 'best' })
    expect(standings.get('third')).toEqual({ rank: 3, heat: 1 })
    expect(standings.get('last')).toEqual({ rank: 4, heat: 0, mark: 'worst' })
  })

  it('a land price says its unit and ranks only with prices of the same unit', () => {
    const landScope: RankingsScope = {
      sector: 'land',
      type: 'sale',
      beds: '',
      smallerBeds: undefined
    }
    const land = (slug: string, price: number, unit: string) =>
      buildRow(
        slug,
        rowRequests({ ...ref(slug), sector: 'land' }, landScope),
        (request): LookupState =>
          request.kind === 'growth'
            ? { status: 'ok', data: { growth: 3, period: '2020-2025' }, meta: META }
            : { status: 'ok', data: { price, currency: 'NGN', unit }, meta: META },
        { ...OPTIONS, scope: landScope }
      )
    const rows = [
      land('a', 90_000, 'sqm'),
      land('b', 80_000, 'sqm'),
      land('plot', 5_000_000, 'plot')
    ]
    const cell = rows[0]?.cells.land
    expect(cell?.status === 'ok' && cell.text).toMatch(/^NGN\s90K \/ sqm$/)
    const landSpec = rankingColumns(landScope, 'year').find((s) => s.id === 'land')
    if (!landSpec) throw new Error('no land column')
    const standings = columnStandings(rows, landSpec)
    expect(standings.get('b')).toMatchObject({ rank: 1, mark: 'best' })
    expect(standings.get('a')).toMatchObject({ rank: 2, mark: 'worst' })
    expect(standings.get('plot')).toMatchObject({ rank: 1 })
    // The rows follow the header's arrow: lowest first (▲), highest first (▼), within each unit.
    const keys = (direction: 'asc' | 'desc') =>
      sortRows(rows, { column: 'land', direction }).map((r) => r.key)
    expect(keys('asc')).toEqual(['plot', 'b', 'a'])
    expect(keys('desc')).toEqual(['plot', 'a', 'b'])
  })

  it('ranks money within each currency: ranks, heat and best/worst per currency', () => {
    const rows = [
      row('ng-cheap', answered(50, 1)),
      row('ng-mid', answered(60, 1)),
      row('ng-dear', answered(70, 1)),
      row('gh-cheap', answered(5, 1, 'GHS'), 'GH'),
      row('gh-dear', answered(9, 1, 'GHS'), 'GH')
    ]
    const standings = columnStandings(rows, spec('sale'))
    // A best and a worst per currency, each saying which currency it is the best of.
    expect(standings.get('ng-cheap')).toEqual({ rank: 1, heat: 4, mark: 'best', markGroup: 'NGN' })
    expect(standings.get('ng-mid')).toEqual({ rank: 2, heat: 2 })
    expect(standings.get('ng-dear')).toEqual({
      rank: 3,
      heat: 0,
      mark: 'worst',
      markGroup: 'NGN'
    })
    expect(standings.get('gh-cheap')).toMatchObject({ rank: 1, mark: 'best', markGroup: 'GHS' })
    const sorted = sortRows(rows, { column: 'sale', direction: 'asc' })
    // Currency first, then value: a GHS price is never placed among NGN ones.
    expect(sorted.map((r) => r.key)).toEqual([
      'gh-cheap',
      'gh-dear',
      'ng-cheap',
      'ng-mid',
      'ng-dear'
    ])
  })

  it('ranks converted values across currencies when a display currency is set', () => {
    const display = {
      currency: 'NGN',
      rates: [{ from: 'GHS', to: 'NGN', rate: 10, asOf: '2026-11-01' }]
    }
    const options = { ...OPTIONS, display }
    const build = (slug: string, lookup: (r: LookupRequest) => LookupState, country: string) =>
      buildRow(slug, rowRequests(ref(slug, country), SCOPE), lookup, options)
    const rows = [
      build('ng', answered(60, 1), 'NG'),
      build('gh', answered(5, 1, 'GHS'), 'GH'),
      build('ke', answered(1, 1, 'KES'), 'KE')
    ]
    const standings = columnStandings(rows, spec('sale'))
    expect(standings.get('gh')?.rank).toBe(1)
    expect(standings.get('ng')?.rank).toBe(2)
    // No KES rate: shown, not ranked.
    expect(standings.has('ke')).toBe(false)
    const ke = rows[2]?.cells.sale
    expect(ke?.status === 'ok' && ke.unrankedReason).toMatch(/No KES → NGN rate/)
    const gh = rows[1]?.cells.sale
    expect(gh?.status === 'ok' && gh.converted).toEqual({
      approx: '≈ NGN 50',
      rate: '(rate of 2026-11-01)'
    })
  })
})

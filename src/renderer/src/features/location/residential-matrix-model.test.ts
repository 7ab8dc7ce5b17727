import { describe, expect, it } from 'vitest'
import type { GrowthPayload, ResidentialPricePayload } from '@shared/spec'
import type { LookupState } from '../../data/location-figures'
import { MarketQueryError } from '../../data/market-result'
import { formatPrice } from '../../lib/format'
import { buildBedRows, isFailure, shownState } from './residential-matrix-model'
import type { ComboAnswer } from './residential-matrix-model'

const meta = { source: 'remote' as const, fetchedAt: '2025-05-01T10:00:00.000Z' }

function answered<T>(data: T): LookupState {
  return { status: 'ok', data, meta }
}
const errorOf = (code: 'NOT_FOUND' | 'NETWORK' | 'AUTH') =>
  new MarketQueryError({ code, message: code === 'NOT_FOUND' ? 'No data here' : code })
function failed(code: 'NOT_FOUND' | 'NETWORK' | 'AUTH'): LookupState {
  return { status: 'error', error: errorOf(code) }
}
const pending: LookupState = { status: 'loading' }

const price = (amount: number, currency = 'NGN') =>
  answered<ResidentialPricePayload>({
    price: amount,
    beds: '2',
    location: 'lekki-phase-1',
    country_code: 'NG',
    currency
  })
const growth = (value: number) => answered<GrowthPayload>({ growth: value, period: '2020-2025' })

const YEARLY_PERCENT = {
  rentPeriod: 'year',
  growthUnit: 'percent',
  growthMeaning: 'per-year'
} as const
const TWO_BED = [{ value: '2' }]

/** Answers for the 2-bed type: [rent, sale] prices and [rent, sale] growths. */
function oneBed(
  [rentPrice, salePrice]: readonly [LookupState, LookupState],
  [rentGrowth, saleGrowth]: readonly [LookupState, LookupState] = [pending, pending],
  remembered = false
): ComboAnswer[] {
  return [
    { beds: '2', type: 'rent', price: rentPrice, growth: rentGrowth, remembered },
    { beds: '2', type: 'sale', price: salePrice, growth: saleGrowth, remembered }
  ]
}

describe('residential matrix model', () => {
  it('shows a cell as loading, its figure, its error, or "No data" (answered now or remembered)', () => {
    const rentCell = (rent: LookupState, remembered = false) =>
      buildBedRows(
        TWO_BED,
        oneBed([rent, pending], [pending, pending], remembered),
        YEARLY_PERCENT
      )[0]?.price.rent
    // Neither answered nor being fetched (paused offline): loading, never "Cancelled".
    const paused = shownState({ data: undefined, error: null, fetchStatus: 'paused' })
    expect(rentCell(paused)).toEqual({ status: 'loading' })
    expect(rentCell(pending)).toEqual({ status: 'loading' })
    expect(rentCell(price(100))).toMatchObject({
      status: 'ok',
      value: 100,
      currency: 'NGN',
      text: formatPrice(100, 'NGN').text,
      meta
    })
    const network = failed('NETWORK')
    expect(rentCell(network)).toEqual(network)
    expect(rentCell(failed('NOT_FOUND'))).toEqual({ status: 'no-data', reason: 'No data here' })
    // Answered NOT_FOUND on an earlier visit (kept in the cache), not asked this time.
    const remembered = { status: 'no-data', reason: 'No data for this bed type (remembered)' }
    expect(rentCell(failed('NOT_FOUND'), true)).toEqual(remembered)
    expect(rentCell(pending, true)).toEqual(remembered)
  })

  it('gives the gross yield of rent over sale, with its formula', () => {
    const [row] = buildBedRows(
      TWO_BED,
      oneBed([price(6_000_000), price(120_000_000)]),
      YEARLY_PERCENT
    )
    expect(row?.yield).toMatchObject({ status: 'ok', value: 0.05, text: '5.00%', meta })
    expect(row?.yield).toHaveProperty('tooltip', expect.stringContaining('Gross yield'))
  })

  it('annualises monthly rent for the yield when rent is quoted per month', () => {
    const [row] = buildBedRows(TWO_BED, oneBed([price(500_000), price(120_000_000)]), {
      rentPeriod: 'month',
      growthUnit: 'percent',
      growthMeaning: 'per-year'
    })
    expect(row?.yield).toMatchObject({ status: 'ok', value: 0.05 })
    expect(row?.yield).toHaveProperty('tooltip', expect.stringContaining('× 12'))
  })

  it('has no yield until both prices are in, and explains one across currencies', () => {
    const waiting = buildBedRows(TWO_BED, oneBed([price(6_000_000), pending]), YEARLY_PERCENT)
    expect(waiting[0]?.yield).toEqual({ status: 'loading' })
    const half = buildBedRows(
      TWO_BED,
      oneBed([price(6_000_000), failed('NOT_FOUND')]),
      YEARLY_PERCENT
    )
    expect(half[0]?.yield).toEqual({ status: 'no-data', reason: 'Needs both rent and sale price' })
    const mixed = buildBedRows(
      TWO_BED,
      oneBed([price(6_000, 'USD'), price(120_000_000)]),
      YEARLY_PERCENT
    )
    expect(mixed[0]?.yield).toEqual({ status: 'no-data', reason: 'Rent is in USD and sale in NGN' })
  })

  it('reads growth in the configured unit (percent or fraction) as the same fraction', () => {
    const percent = buildBedRows(
      TWO_BED,
      oneBed([pending, pending], [growth(4), growth(12.5)]),
      YEARLY_PERCENT
    )
    const fraction = buildBedRows(
      TWO_BED,
      oneBed([pending, pending], [growth(0.04), growth(0.125)]),
      {
        rentPeriod: 'year',
        growthUnit: 'fraction',
        growthMeaning: 'per-year'
      }
    )
    const expected = {
      rent: { fraction: 0.04, period: '2020-2025', perYear: 0.04 },
      sale: { fraction: 0.125, period: '2020-2025', perYear: 0.125 }
    }
    expect(percent[0]?.growthFraction).toEqual(expected)
    expect(fraction[0]?.growthFraction).toEqual(expected)
  })

  it('spreads a total growth figure over its period for the per-year rate', () => {
    const [row] = buildBedRows(TWO_BED, oneBed([pending, pending], [growth(29.7), growth(-10)]), {
      ...YEARLY_PERCENT,
      growthMeaning: 'total'
    })
    expect(row?.growthFraction.rent?.fraction).toBeCloseTo(0.297, 12)
    expect(row?.growthFraction.rent?.perYear).toBeCloseTo(Math.pow(1.297, 1 / 5) - 1, 12)
    expect(row?.growthFraction.sale?.perYear).toBeCloseTo(Math.pow(0.9, 1 / 5) - 1, 12)
  })

  it('names each row with the user’s label for its bed value, else "N bed"', () => {
    const rows = buildBedRows(
      [{ value: '1', label: '1 bed / self-contained' }, { value: '2' }],
      [],
      YEARLY_PERCENT
    )
    expect(rows.map((row) => [row.beds, row.label])).toEqual([
      ['1', '1 bed / self-contained'],
      ['2', '2 bed']
    ])
  })

  it('marks a bed type "no data" only when both rent and sale have none, and says when it was remembered', () => {
    const [answeredNow] = buildBedRows(
      TWO_BED,
      oneBed([failed('NOT_FOUND'), failed('NOT_FOUND')]),
      YEARLY_PERCENT
    )
    expect(answeredNow).toMatchObject({ noData: true, remembered: false })

    const [onlyRent] = buildBedRows(
      TWO_BED,
      oneBed([failed('NOT_FOUND'), price(120_000_000)]),
      YEARLY_PERCENT
    )
    expect(onlyRent).toMatchObject({ noData: false, remembered: false })

    const [fromEarlier] = buildBedRows(
      TWO_BED,
      oneBed([pending, pending], [pending, pending], true),
      YEARLY_PERCENT
    )
    expect(fromEarlier).toMatchObject({ noData: true, remembered: true })
    const remembered = { status: 'no-data', reason: 'No data for this bed type (remembered)' }
    expect(fromEarlier?.growth).toEqual({ rent: remembered, sale: remembered })
  })

  it('counts a failure as one, never "no data"', () => {
    const outcomes = [errorOf('NOT_FOUND'), errorOf('NETWORK'), null].map((error) => ({ error }))
    expect(outcomes.map(isFailure)).toEqual([false, true, false])
  })
})

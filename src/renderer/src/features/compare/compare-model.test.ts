import { describe, expect, it } from 'vitest'
import { hasHiddenControl, parseCsv } from '../../../../../test/support/shared/hostile-text'
import { MarketQueryError } from '../../data/market-result'
import type { LocationRef } from '../../lib/location-ref'
import { bedTypeLabel } from '@shared/bed-types'
import { buildCompareCsv } from './compare-csv'
import { buildMetricRows, currenciesOf, perYearGrowths } from './compare-model'
import type { LookupRequest } from '@shared/contract'
import { locationFigures, readFigures } from '../../data/location-figures'
import type { LookupState } from '../../data/location-figures'
import { NO_DISPLAY_CURRENCY } from '../../lib/currency-conversion'
import type { DisplayCurrencyPrefs } from '../../lib/currency-conversion'
import { locationLookups } from '../../lib/location-lookups'
import type { CompareColumn, CompareOptions } from './compare-model'
import { asRead, plain } from '../../../../../test/support/renderer/text'

const meta = { source: 'remote' as const, fetchedAt: '2025-05-01T10:00:00.000Z' }
const ref = (name: string): LocationRef => ({
  sector: 'residential',
  slug: name.toLowerCase(),
  countryCode: 'NG',
  name,
  city: 'Lagos',
  country: 'Nigeria'
})
const price = (amount: number, currency = 'NGN'): LookupState => ({
  status: 'ok',
  data: { price: amount, currency },
  meta
})
const growth = (value: number) => ({
  status: 'ok' as const,
  data: { growth: value, period: '2020-2025' },
  meta
})

/** A location's lookups as the query cache answers them. */
interface Answers {
  ref: LocationRef
  sale: LookupState
  rent?: LookupState
  growth: LookupState
}

function input(name: string, rent: number, sale: number, g: number, currency = 'NGN'): Answers {
  return {
    ref: ref(name),
    rent: price(rent, currency),
    sale: price(sale, currency),
    growth: growth(g)
  }
}

const OPTIONS = {
  type: 'sale',
  growthUnit: 'percent',
  growthMeaning: 'per-year',
  rentPeriod: 'year',
  sector: 'residential'
} as const

type Options = CompareOptions & { display?: DisplayCurrencyPrefs }

/** The columns as the compare screen builds them from the answers. */
function columnsOf(answers: readonly Answers[], options: Options): CompareColumn[] {
  return answers.map((answer) => {
    const read = (request: LookupRequest): LookupState =>
      request.kind === 'growth'
        ? answer.growth
        : request.kind === 'residentialPrice' && request.type === 'rent'
          ? (answer.rent ?? { status: 'not-fetched' })
          : answer.sale
    const lookups = locationLookups(answer.ref, { type: 'sale', beds: '3' })
    const display = options.display ?? NO_DISPLAY_CURRENCY
    const figureOptions = { settings: options, display, compact: false }
    return { ref: answer.ref, ...locationFigures(readFigures(lookups, read), figureOptions) }
  })
}

const rowsOf = (answers: readonly Answers[], options: Options) =>
  buildMetricRows(columnsOf(answers, options), options)

describe('buildMetricRows', () => {
  it('marks the lowest price, highest yield and highest growth', () => {
    const rows = rowsOf(
      [input('A', 6_000, 100_000, 5), input('B', 4_000, 50_000, 9), input('C', 9_000, 200_000, 2)],
      OPTIONS
    )
    const best = Object.fromEntries(rows.map((row) => [row.id, [...row.best]]))
    expect(best).toEqual({ price: [1], 'paired-price': [2], yield: [1], growth: [1] })
    expect(rows.map((row) => row.label)).toEqual([
      'Sale price',
      'Rent (per year)',
      'Gross yield',
      'Growth (sale), avg per year, 2020–2025'
    ])
  })

  it('says whether growth is per year or total, with the period the figures share', () => {
    const inputs = [input('A', 6_000, 100_000, 5), input('B', 4_000, 50_000, 9)]
    const total = rowsOf(inputs, { ...OPTIONS, growthMeaning: 'total' })
    const growthRow = total.find((row) => row.id === 'growth')
    expect(growthRow?.label).toBe('Growth (sale), total, 2020–2025')
    expect(growthRow?.cells[0]?.status === 'ok' && asRead(growthRow.cells[0].tooltip)).toBe(
      'Growth, total, 2020–2025: +5.0% over 2020–25 (≈ +0.98%/yr)'
    )
    const land = rowsOf(inputs, { ...OPTIONS, sector: 'land' })
    expect(land.find((row) => row.id === 'growth')?.label).toBe(
      'Land growth, avg per year, 2020–2025'
    )
    const mixed = [
      ...inputs,
      { ...input('C', 1, 2, 3), growth: { ...growth(3), data: { growth: 3, period: '2019-2024' } } }
    ]
    expect(rowsOf(mixed, OPTIONS).find((row) => row.id === 'growth')?.label).toBe(
      'Growth (sale), avg per year'
    )
  })

  it('judges plausibility per year: a total is spread over its period first', () => {
    const inputs = [input('A', 6_000, 100_000, 29.7)]
    expect(perYearGrowths(columnsOf(inputs, OPTIONS), OPTIONS)[0]).toBeCloseTo(0.297, 12)
    expect(
      perYearGrowths(columnsOf(inputs, OPTIONS), { ...OPTIONS, growthMeaning: 'total' })[0]
    ).toBeCloseTo(Math.pow(1.297, 1 / 5) - 1, 12)
  })

  it('compares yield and growth across currencies but never prices', () => {
    const inputs = [input('A', 6_000, 100_000, 5), input('B', 300, 2_000, 1, 'GHS')]
    const rows = rowsOf(inputs, OPTIONS)
    const priceRow = rows.find((row) => row.id === 'price')
    expect(priceRow?.mixedUnits).toEqual(['GHS', 'NGN'])
    expect(priceRow?.best.size).toBe(0)
    expect(rows.find((row) => row.id === 'yield')?.mixedUnits).toBeUndefined()
    expect([...(rows.find((row) => row.id === 'yield')?.best ?? [])]).toEqual([1])
    expect(currenciesOf(rows)).toEqual(['GHS', 'NGN'])
  })

  it('treats NOT_FOUND as no data and keeps other errors', () => {
    const notFound = new MarketQueryError({ code: 'NOT_FOUND', message: 'none' })
    const timeout = new MarketQueryError({ code: 'TIMEOUT', message: 'slow' })
    const rows = rowsOf(
      [
        {
          ref: ref('A'),
          sale: { status: 'error', error: notFound },
          growth: { status: 'error', error: timeout }
        },
        input('B', 1, 10, 1)
      ],
      OPTIONS
    )
    expect(rows[0]?.cells[0]?.status).toBe('no-data')
    expect(rows.at(-1)?.cells[0]).toEqual({ status: 'error', error: timeout })
  })

  it('shows prices compact with the exact figure in the tooltip, and growth with one decimal and its other reading', () => {
    const rows = rowsOf([input('A', 9_290_000, 1_340_000_000, 26.55)], OPTIONS)
    const [priceCell] = rows.find((row) => row.id === 'price')?.cells ?? []
    const [growthCell] = rows.find((row) => row.id === 'growth')?.cells ?? []
    if (priceCell?.status !== 'ok' || growthCell?.status !== 'ok') throw new Error('not ok')
    expect(plain(priceCell.text)).toBe('NGN 1.34B')
    expect(plain(priceCell.tooltip)).toContain('NGN 1,340,000,000')
    expect(growthCell.text).toBe('+26.6%/yr')
    expect(asRead(growthCell.readings?.other ?? '')).toBe('≈ +220% over 2020–25')
  })

  it("ranks rent highest-best and says it is the landlord's view; sale is the buyer's", () => {
    const inputs = [input('A', 6_000, 100_000, 5), input('B', 9_000, 50_000, 9)]
    const rent = rowsOf(inputs, { ...OPTIONS, type: 'rent' })[0]
    expect(rent?.label).toBe('Rent (per year)')
    expect(rent?.ruleText).toBe("highest is best (landlord's view)")
    expect([...(rent?.best ?? [])]).toEqual([1])
    const sale = rowsOf(inputs, OPTIONS)[0]
    expect(sale?.ruleText).toBe("lowest is best (buyer's view)")
    expect([...(sale?.best ?? [])]).toEqual([1])
  })

  it('shows, beside the chosen price, the other one gross yield is built from', () => {
    const inputs = [input('A', 6_000, 100_000, 5), input('B', 9_000, 50_000, 9)]
    const values = (rows: ReturnType<typeof buildMetricRows>, id: string) =>
      rows.find((row) => row.id === id)?.cells.map((cell) => cell.status === 'ok' && cell.value)
    const saleView = rowsOf(inputs, OPTIONS)
    expect(values(saleView, 'price')).toEqual([100_000, 50_000])
    expect(values(saleView, 'paired-price')).toEqual([6_000, 9_000])
    const rentView = rowsOf(inputs, { ...OPTIONS, type: 'rent' })
    expect(rentView.map((row) => row.label).slice(0, 2)).toEqual(['Rent (per year)', 'Sale price'])
    expect(values(rentView, 'paired-price')).toEqual([100_000, 50_000])
    expect([...(rentView[1]?.best ?? [])]).toEqual([1])
    const land = rowsOf(inputs, { ...OPTIONS, sector: 'land' })
    expect(land.map((row) => row.id)).toEqual(['price', 'growth'])
  })

  it('awards best over loaded values only, and marks it provisional while others load', () => {
    const loading: Answers = {
      ref: ref('C'),
      rent: { status: 'loading' },
      sale: { status: 'loading' },
      growth: { status: 'loading' }
    }
    const rows = rowsOf(
      [input('A', 6_000, 100_000, 5), input('B', 4_000, 50_000, 9), loading],
      OPTIONS
    )
    for (const row of rows) {
      // Rent is best highest (A's 6,000); the rest pick B.
      expect([...row.best]).toEqual([row.id === 'paired-price' ? 0 : 1])
      expect(row.pending).toEqual([2])
    }
    const done = rowsOf([input('A', 6_000, 100_000, 5), input('B', 4_000, 50_000, 9)], {
      ...OPTIONS
    })
    expect(done.every((row) => row.pending.length === 0)).toBe(true)
  })

  it('with a display currency, compares prices converted, says so under each, and never one with no rate', () => {
    const display = {
      currency: 'NGN',
      rates: [{ from: 'GHS', to: 'NGN', rate: 10, asOf: '2026-11-01' }]
    }
    const inputs = [input('A', 6_000, 60_000, 5), input('B', 300, 5_000, 1, 'GHS')]
    const [converted] = rowsOf(inputs, { ...OPTIONS, display })
    // GHS 5,000 ≈ NGN 50,000: cheaper than NGN 60,000 once converted.
    expect(converted?.mixedUnits).toBeUndefined()
    expect([...(converted?.best ?? [])]).toEqual([1])
    const ghs = converted?.cells[1]
    expect(ghs?.status === 'ok' && ghs.converted).toEqual({
      approx: '≈ NGN 50,000',
      rate: '(rate of 2026-11-01)'
    })
    expect(ghs?.status === 'ok' && plain(ghs.text)).toBe('GHS 5,000')
    // No KES → NGN rate: the KES price is compared in KES, so against NGN not at all.
    const withKes = [...inputs, input('C', 100, 1_000, 1, 'KES')]
    const [mixed] = rowsOf(withKes, { ...OPTIONS, display })
    expect(mixed?.mixedUnits).toEqual(['KES', 'NGN'])
    expect(mixed?.best.size).toBe(0)
  })

  it('uses monthly rent ×12 and the fraction growth unit', () => {
    const rows = rowsOf([input('A', 500, 100_000, 0.05)], {
      ...OPTIONS,
      rentPeriod: 'month',
      growthUnit: 'fraction'
    })
    const [yieldCell] = rows.find((row) => row.id === 'yield')?.cells ?? []
    const [growthCell] = rows.find((row) => row.id === 'growth')?.cells ?? []
    expect(yieldCell?.status === 'ok' && yieldCell.value).toBeCloseTo(0.06, 10)
    expect(growthCell?.status === 'ok' && growthCell.value).toBeCloseTo(0.05, 10)
  })
})

describe('buildCompareCsv', () => {
  it('holds sale and rent whatever view is on screen (from the Rent view too)', () => {
    const inputs = [input('Ikoyi', 6_000, 100_000, 7.5)]
    const rentView = { ...OPTIONS, type: 'rent' } as const
    const [header = [], line = []] = parseCsv(
      buildCompareCsv(columnsOf(inputs, rentView), rowsOf(inputs, rentView), {
        ...rentView,
        bedsLabel: '3 bed'
      })
    )
    expect(line[header.indexOf('Sale price')]).toBe('100000')
    expect(line[header.indexOf('Rent (per year)')]).toBe('6000')
    expect(header[11]).toBe('Growth (rent), avg per year (%)')
  })

  it('writes one escaped row per location with percentages', () => {
    const inputs = [input('Lekki, "Phase 1"', 6_000, 100_000, 7.5)]
    const rows = rowsOf(inputs, OPTIONS)
    const csv = buildCompareCsv(columnsOf(inputs, OPTIONS), rows, {
      ...OPTIONS,
      bedsLabel: bedTypeLabel('3')
    })
    expect(csv.split('\r\n')[0]).toContain(
      ',Sale price,Rent (per year),Land price,Gross yield (%),"Growth (sale), avg per year (%)",Growth period,'
    )
    expect(csv.split('\r\n')[1]).toBe(
      '"Lekki, ""Phase 1""",Lagos,Nigeria,NG,residential,3 bed,NGN,100000,6000,,6,7.5,2020-2025,remote,2025-05-01T10:00:00.000Z'
    )
  })

  it('names the bed type with its label and the growth column with its meaning', () => {
    const inputs = [input('Ikoyi', 6_000, 100_000, 7.5)]
    const options = { ...OPTIONS, growthMeaning: 'total' } as const
    const csv = buildCompareCsv(columnsOf(inputs, options), rowsOf(inputs, options), {
      ...options,
      bedsLabel: bedTypeLabel('4', [{ value: '4', label: '4 bed / duplex' }])
    })
    const [header = [], line = []] = parseCsv(csv)
    expect(header[11]).toBe('Growth (sale), total (%)')
    expect(line[5]).toBe('4 bed / duplex')
  })

  it("neutralises the service's text but keeps the app's own negative figures as numbers", () => {
    const hostile: Answers = {
      ...input('=HYPERLINK("http://evil.example")', 6_000, 100_000, -3.2),
      ref: { ...ref('x'), name: ' -2+3', city: '\u001b[2JLagos', country: '\u202eairegiN' },
      growth: { status: 'ok', data: { growth: -3.2, period: '@SUM(A1)' }, meta }
    }
    const rows = rowsOf([hostile], OPTIONS)
    const [, line = []] = parseCsv(
      buildCompareCsv(columnsOf([hostile], OPTIONS), rows, { ...OPTIONS, bedsLabel: '3 bed' })
    )
    expect(line.slice(0, 3)).toEqual(["' -2+3", '\ufffd[2JLagos', '\ufffdairegiN'])
    expect(line[11]).toBe('-3.2')
    expect(line[12]).toBe("'@SUM(A1)")
    for (const cell of line) expect(hasHiddenControl(cell)).toBe(false)
  })
})

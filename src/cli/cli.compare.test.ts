/** compare against the demo service: rows equal the handlers' answers, partial failures exit non-zero. */
import { describe, expect, it } from 'vitest'
import { grossYieldPercent } from './commands/compare'
import { runCliCaptured } from '../../test/support/cli/run-cli'
import { referenceHandlers } from '../../test/support/cli/reference-handlers'
import { groupDigits, tableRows } from '../../test/support/cli/cli-output'
import { expectOk } from '../../test/support/shared/expect-ok'
import { parseCsv } from '../../test/support/shared/hostile-text'

const handlers = referenceHandlers()

describe('compare', () => {
  const locations = [
    { slug: 'lekki-phase-1', countryCode: 'NG' },
    { slug: 'ikoyi', countryCode: 'NG' }, // has no 1-bed data
    { slug: 'east-legon', countryCode: 'GH' }
  ]
  const beds = ['1', '3']

  async function expectedRows(rentPeriod: 'year' | 'month' = 'year') {
    const rows: (string | number | null)[][] = []
    for (const { slug, countryCode } of locations) {
      for (const bed of beds) {
        const place = { location: slug, countryCode, beds: bed }
        const rent = await handlers.getResidentialPrice({ ...place, type: 'rent' })
        const sale = await handlers.getResidentialPrice({ ...place, type: 'sale' })
        const growth = (type: 'rent' | 'sale') =>
          handlers.getGrowth({ ...place, sector: 'residential', type })
        const rentGrowth = await growth('rent')
        const saleGrowth = await growth('sale')
        rows.push([
          slug,
          countryCode,
          bed,
          bed === '1' ? '1 bed / self-contained' : `${bed} bed`,
          rent.ok ? rent.data.currency : null,
          rent.ok ? rent.data.price : null,
          sale.ok ? sale.data.price : null,
          rent.ok && sale.ok
            ? grossYieldPercent(
                { amount: rent.data.price, currency: rent.data.currency },
                { amount: sale.data.price, currency: sale.data.currency },
                rentPeriod
              )
            : null,
          rentGrowth.ok ? rentGrowth.data.growth : null,
          saleGrowth.ok ? saleGrowth.data.growth : null,
          saleGrowth.ok ? saleGrowth.data.period : null
        ])
      }
    }
    return rows
  }

  const args = ['compare', '--locations', 'lekki-phase-1,ikoyi:NG,east-legon:GH', '--beds', '1,3']

  it('JSON: rows equal the handlers, the failed bed is null, exit NOT_FOUND', async () => {
    const expected = await expectedRows()
    const run = await runCliCaptured([...args, '--json'])
    expect(run.code).toBe(5)
    const doc = JSON.parse(run.stdout) as {
      rows: Record<string, unknown>[]
      failures: { location: string; beds: string; code: string; lookup: string }[]
    }
    const headers = [
      'location',
      'country_code',
      'beds',
      'bed_type',
      'currency',
      'rent',
      'sale',
      'gross_yield_pct',
      'rent_growth_avg_per_year',
      'sale_growth_avg_per_year',
      'growth_period'
    ]
    expect(doc.rows.map((row) => headers.map((h) => row[h]))).toEqual(expected)
    expect(doc.rows[2]).toMatchObject({ location: 'ikoyi', beds: '1', rent: null, sale: null })
    expect(doc).toMatchObject({ growth_is: 'avg per year' })
    expect(doc.failures.map((f) => [f.location, f.beds, f.code, f.lookup])).toEqual([
      ['ikoyi', '1', 'NOT_FOUND', 'rent price'],
      ['ikoyi', '1', 'NOT_FOUND', 'sale price'],
      ['ikoyi', '1', 'NOT_FOUND', 'rent growth'],
      ['ikoyi', '1', 'NOT_FOUND', 'sale growth']
    ])
    const stderr = run.stderr.trim().split('\n')
    expect(stderr[0]).toMatch(
      /^note \[NOT_FOUND\]: ikoyi:NG beds 1 \(rent price, sale price, rent growth, sale growth\): .*Bed types with data there/
    )
    expect(stderr.at(-1)).toMatch(/^error \[NOT_FOUND\]: 4 of 24 lookups failed/)
  })

  it('table: successful rows printed, failed cells shown as —', async () => {
    const expected = await expectedRows()
    const run = await runCliCaptured(args)
    expect(run.code).toBe(5)
    const rows = tableRows(run.stdout)
    expect(rows).toHaveLength(6)
    expect(rows[2]).toEqual([
      'ikoyi',
      'NG',
      '1',
      '1 bed / self-contained',
      '—',
      '—',
      '—',
      '—',
      '—',
      '—',
      '—'
    ])
    const lekki3 = expected[1] ?? []
    expect(rows[1]).toEqual([
      'lekki-phase-1',
      'NG',
      '3',
      '3 bed',
      'NGN',
      groupDigits(Number(lekki3[5])),
      groupDigits(Number(lekki3[6])),
      Number(lekki3[7]).toFixed(2),
      Number(lekki3[8]).toFixed(1),
      Number(lekki3[9]).toFixed(1),
      lekki3[10]
    ])
  })

  it('CSV: header row, failed cells empty, rent per month × 12 for the yield', async () => {
    const expected = await expectedRows('month')
    const run = await runCliCaptured([...args, '--csv', '--rent-period', 'month'])
    expect(run.code).toBe(5)
    const csv = parseCsv(run.stdout)
    expect(csv[0]).toEqual([
      'location',
      'country_code',
      'beds',
      'bed_type',
      'currency',
      'rent',
      'sale',
      'gross_yield_pct',
      'rent_growth_avg_per_year',
      'sale_growth_avg_per_year',
      'growth_period'
    ])
    expect(csv.slice(1)).toEqual(
      expected.map((row) => row.map((cell) => (cell === null ? '' : String(cell))))
    )
    expect(Number(csv[1]?.[7])).toBeGreaterThan(50) // monthly rent × 12 gives a much higher yield
  })

  it('exit 0 when every lookup succeeds; --type rent leaves out sale and yield', async () => {
    const run = await runCliCaptured([
      'compare',
      '--locations',
      'wuse-2,maitama',
      '--beds',
      '2,3',
      '--type',
      'rent',
      '--json'
    ])
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('')
    const doc = JSON.parse(run.stdout) as { rows: Record<string, unknown>[]; failures: unknown[] }
    expect(doc.failures).toEqual([])
    expect(Object.keys(doc.rows[0] ?? {})).toEqual([
      'location',
      'country_code',
      'beds',
      'bed_type',
      'currency',
      'rent',
      'rent_growth_avg_per_year',
      'growth_period'
    ])
    const rent = expectOk(
      await handlers.getResidentialPrice({
        location: 'maitama',
        countryCode: 'NG',
        type: 'rent',
        beds: '3'
      })
    )
    expect(doc.rows[3]).toMatchObject({ location: 'maitama', beds: '3', rent: rent.price })
  })

  it('--growth-is total names the growth fields total, the same figures', async () => {
    const perYear = parseCsv((await runCliCaptured([...args, '--csv'])).stdout)
    const total = await runCliCaptured([...args, '--csv', '--growth-is', 'total'])
    const csv = parseCsv(total.stdout)
    expect(csv[0]?.slice(8, 10)).toEqual(['rent_growth_total', 'sale_growth_total'])
    expect(csv.slice(1)).toEqual(perYear.slice(1))
    const json = JSON.parse(
      (await runCliCaptured([...args, '--json', '--growth-is', 'total'])).stdout
    ) as {
      growth_is: string
    }
    expect(json.growth_is).toBe('total')
    const bad = await runCliCaptured([...args, '--growth-is', 'yearly'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/--growth-is must be per-year or total, not "yearly"/)
  })

  it('all lookups failing still prints the rows (every cell —), a note and the summary', async () => {
    const run = await runCliCaptured(['compare', '--locations', 'atlantis', '--beds', '2'])
    expect(run.code).toBe(5)
    expect(tableRows(run.stdout)).toEqual([
      ['atlantis', 'NG', '2', '2 bed', '—', '—', '—', '—', '—', '—', '—']
    ])
    expect(run.stderr).toMatch(/^note \[NOT_FOUND\]: atlantis:NG beds 2 \(rent price, .*atlantis/m)
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(
      /^error \[NOT_FOUND\]: 4 of 4 lookups failed; /
    )
  })
})

describe('cancellation', () => {
  it('an aborted signal ends with CANCELLED (13)', async () => {
    const controller = new AbortController()
    controller.abort()
    const run = await runCliCaptured(['locations', '--sector', 'land'], {}, controller.signal)
    expect(run.code).toBe(13)
    expect(run.stderr).toMatch(/^error \[CANCELLED\]: /)
  })
})

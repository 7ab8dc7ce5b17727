import { describe, expect, it } from 'vitest'
import { alternate, median, pairRatios, percentile, spread } from './stats'
import { assertFinite, formatTable } from './rows'

describe('benchmark statistics', () => {
  it('takes nearest-rank percentiles of unsorted samples', () => {
    const samples = [9, 1, 5, 3, 7, 2, 8, 4, 6, 10]
    expect(median(samples)).toBe(5)
    expect(percentile(samples, 0.95)).toBe(10)
    expect(percentile(samples, 0)).toBe(1)
    expect(median([4])).toBe(4)
    expect(() => median([])).toThrow()
  })

  it('alternates which side runs first, round by round', async () => {
    const order: string[] = []
    const result = await alternate(
      3,
      async () => (order.push('ours'), 2),
      async () => (order.push('base'), 1)
    )
    expect(order).toEqual(['base', 'ours', 'ours', 'base', 'base', 'ours'])
    expect(result).toEqual({ ours: [2, 2, 2], baseline: [1, 1, 1] })
  })

  it('gives the spread of samples and the ratio of each pair', () => {
    expect(spread([9, 1, 5, 3, 7, 2, 8, 4])).toEqual({ min: 1, p25: 2, median: 4, p75: 7, max: 9 })
    expect(pairRatios([3, 10], [2, 5])).toEqual([1.5, 2])
    expect(() => pairRatios([1], [1, 2])).toThrow()
  })
})

describe('benchmark table', () => {
  const row = {
    benchmark: 'client round trip',
    measured: '2,000 sequential GETs',
    ours: 0.412,
    unit: 'ms',
    baseline: 0.38,
    ratio: 1.084,
    target: 'p50 <= 1.15x',
    met: true
  }

  it('prints ours, baseline, ratio, target and whether it was met, then what was measured', () => {
    const table = formatTable([
      row,
      {
        ...row,
        benchmark: 'bundle',
        baseline: undefined,
        ratio: undefined,
        ours: 242.4,
        unit: 'KB',
        met: false
      }
    ])
    const lines = table.split('\n')
    expect(lines[0]).toMatch(
      /^\| benchmark\s+\| ours\s+\| baseline \(same run\) \| ratio \| target\s+\| met \|$/
    )
    expect(lines[2]).toContain('| 0.41 ms')
    expect(lines[2]).toContain('| 0.38 ms')
    expect(lines[2]).toContain('| 1.084 ')
    expect(lines[3]).toMatch(/\| 242 KB\s+\| —\s+\| —\s+\|.*\| NO\s+\|$/)
    expect(table).toContain('- client round trip: 2,000 sequential GETs')
  })

  it('rejects a row whose figure is not finite', () => {
    expect(() => assertFinite([{ ...row, ratio: Number.NaN }])).toThrow(/client round trip/)
    expect(() => assertFinite([row])).not.toThrow()
  })
})

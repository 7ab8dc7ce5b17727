import { describe, expect, it } from 'vitest'
import { formatReport } from './report-format'
import type { ReliabilityRow } from './results'

const row = (overrides: Partial<ReliabilityRow> = {}): ReliabilityRow => ({
  id: 'listLocations',
  area: 'Fuzz',
  case: 'listLocations',
  tried: 10_000,
  passed: 10_000,
  lost: 'nothing',
  outcome: 'ok ×10',
  ...overrides
})
const context = {
  generatedAt: '2026-11-22',
  measured: 'abc1234',
  runStartedAt: '2026-11-21',
  environment: 'node 20'
}

describe('RELIABILITY.md', () => {
  it('writes one table per area with counts, and an all-pass summary naming the measured commit', () => {
    const text = formatReport(
      [row({ split: { served: 900, rejected: 9_100 } }), row({ area: 'Load', case: 'a | b' })],
      context,
      'Intro.'
    )
    expect(text).toContain('Measured commit `abc1234` in one run started 2026-11-21')
    expect(text).toContain(
      '## Fuzz\n\n| case | tried | passed | served | rejected as expected | lost | outcome |'
    )
    expect(text).toContain('| listLocations | 10,000 | 10,000 | 900 | 9,100 | nothing | ok ×10 |')
    expect(text).toContain('| a \\| b | 10,000 | 10,000 | – | – |')
    expect(text).toContain(
      '**All rows pass: 2 rows, 20,000 cases tried, 20,000 passed (of those split below: 900 served, 9,100 rejected as expected); lost: nothing.**'
    )
  })

  it('marks a row that lost something or passed fewer than tried', () => {
    const text = formatReport(
      [row({ passed: 9_999 }), row({ case: 'getGrowth', lost: 'settings file' })],
      context,
      ''
    )
    expect(text).toContain('| listLocations **FAIL** | 10,000 | 9,999 |')
    expect(text).toContain('2 row(s) FAIL')
    expect(text).toContain('getGrowth: settings file')
  })
})

import { describe, expect, it } from 'vitest'
import { formatReport, withMissingGroups } from './report-format'
import type { ReliabilityRow } from './results'

const row = (overrides: Partial<ReliabilityRow> = {}): ReliabilityRow => ({
  area: 'Fuzz',
  case: 'listLocations',
  tried: 10_000,
  passed: 10_000,
  lost: 'nothing',
  outcome: 'ok ×10',
  ...overrides
})
const context = { generatedAt: '2026-11-22', commit: 'abc1234', environment: 'node 20' }

describe('RELIABILITY.md', () => {
  it('writes one table per area with counts, and an all-pass summary', () => {
    const text = formatReport([row(), row({ area: 'Load', case: 'a | b' })], context, 'Intro.')
    expect(text).toContain('## Fuzz\n\n| case | tried | passed | lost | outcome |')
    expect(text).toContain('| listLocations | 10,000 | 10,000 | nothing | ok ×10 |')
    expect(text).toContain('| a \\| b |')
    expect(text).toContain(
      '**All rows pass: 2 rows, 20,000 cases tried, 20,000 passed; lost: nothing.**'
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

  it('turns an expected group that recorded nothing into a failing "not run" row', () => {
    const rows = withMissingGroups(
      [{ group: 'ipc-fuzz', recordedAt: 'now', rows: [row()] }],
      [
        { group: 'ipc-fuzz', source: 'vitest' },
        { group: 'e2e-secrets', source: 'npm run test:e2e' }
      ]
    )
    expect(rows).toHaveLength(2)
    expect(rows[1]).toMatchObject({ case: 'e2e-secrets', tried: 0, lost: 'not measured' })
    expect(formatReport(rows, context, '')).toContain('1 row(s) FAIL')
  })
})

/** Turns recorded rows into RELIABILITY.md: one table per area, missing groups as failed rows. */
import type { ReliabilityRow } from './results'
import { rowPassed } from './results'

export interface RecordedGroup {
  group: string
  recordedAt: string
  rows: ReliabilityRow[]
}

export interface ExpectedGroup {
  group: string
  /** Where its rows come from, for the "not run" row. */
  source: string
}

export interface ReportContext {
  generatedAt: string
  commit: string
  environment: string
}

const cell = (text: string | number): string =>
  String(text).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ')

/** Expected groups that recorded nothing become one failed row each. */
export function withMissingGroups(
  recorded: readonly RecordedGroup[],
  expected: readonly ExpectedGroup[]
): ReliabilityRow[] {
  const rows = recorded.flatMap((group) => group.rows)
  for (const { group, source } of expected) {
    if (recorded.some((found) => found.group === group && found.rows.length > 0)) continue
    rows.push({
      area: 'Not run',
      case: group,
      tried: 0,
      passed: 0,
      lost: 'not measured',
      outcome: `no results recorded: run ${source}`
    })
  }
  return rows
}

export function formatReport(
  rows: readonly ReliabilityRow[],
  context: ReportContext,
  intro: string
): string {
  const areas = [...new Set(rows.map((row) => row.area))]
  const tried = rows.reduce((sum, row) => sum + row.tried, 0)
  const passed = rows.reduce((sum, row) => sum + row.passed, 0)
  const failing = rows.filter((row) => !rowPassed(row))
  const lines = [
    '# Reliability and security',
    '',
    intro.trim(),
    '',
    `Generated ${context.generatedAt} at commit \`${context.commit}\` (${context.environment}).`,
    '',
    `**${failing.length === 0 ? 'All rows pass' : `${failing.length} row(s) FAIL`}: ${rows.length} rows, ${tried.toLocaleString('en-US')} cases tried, ${passed.toLocaleString('en-US')} passed; lost: ${failing.length === 0 ? 'nothing' : failing.map((row) => `${row.case}: ${row.lost}`).join('; ')}.**`,
    ''
  ]
  for (const area of areas) {
    lines.push(
      `## ${area}`,
      '',
      '| case | tried | passed | lost | outcome |',
      '|---|---:|---:|---|---|'
    )
    for (const row of rows.filter((candidate) => candidate.area === area)) {
      const mark = rowPassed(row) ? '' : ' **FAIL**'
      lines.push(
        `| ${cell(row.case)}${mark} | ${row.tried.toLocaleString('en-US')} | ${row.passed.toLocaleString('en-US')} | ${cell(row.lost)} | ${cell(row.outcome)} |`
      )
    }
    lines.push('')
  }
  return lines.join('\n')
}

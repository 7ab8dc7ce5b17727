/** Turns checked rows into RELIABILITY.md: one table per area. */
import type { ReliabilityRow } from './results'
import { rowPassed } from './results'

export interface ReportContext {
  generatedAt: string
  /** The tree every row measured, e.g. "3f72e12ab4c1" or "… with uncommitted changes". */
  measured: string
  runStartedAt: string
  environment: string
}

const cell = (text: string | number): string =>
  String(text).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ')
const count = (value: number): string => value.toLocaleString('en-US')

export function formatReport(
  rows: readonly ReliabilityRow[],
  context: ReportContext,
  intro: string
): string {
  const areas = [...new Set(rows.map((row) => row.area))]
  const sum = (pick: (row: ReliabilityRow) => number): number =>
    rows.reduce((total, row) => total + pick(row), 0)
  const tried = sum((row) => row.tried)
  const passed = sum((row) => row.passed)
  const served = sum((row) => row.split?.served ?? 0)
  const rejected = sum((row) => row.split?.rejected ?? 0)
  const failing = rows.filter((row) => !rowPassed(row))
  const verdict = failing.length === 0 ? 'All rows pass' : `${failing.length} row(s) FAIL`
  const lost =
    failing.length === 0 ? 'nothing' : failing.map((row) => `${row.case}: ${row.lost}`).join('; ')
  const lines = [
    '# Reliability and security',
    '',
    intro.trim(),
    '',
    `Measured commit \`${context.measured}\` in one run started ${context.runStartedAt}; generated ${context.generatedAt} (${context.environment}).`,
    '',
    `**${verdict}: ${rows.length} rows, ${count(tried)} cases tried, ${count(passed)} passed (of those split below: ${count(served)} served, ${count(rejected)} rejected as expected); lost: ${lost}.**`,
    ''
  ]
  for (const area of areas) {
    lines.push(
      `## ${area}`,
      '',
      '| case | tried | passed | served | rejected as expected | lost | outcome |',
      '|---|---:|---:|---:|---:|---|---|'
    )
    for (const row of rows.filter((candidate) => candidate.area === area)) {
      const mark = rowPassed(row) ? '' : ' **FAIL**'
      const split = row.split ? [count(row.split.served), count(row.split.rejected)] : ['–', '–']
      lines.push(
        `| ${cell(row.case)}${mark} | ${count(row.tried)} | ${count(row.passed)} | ${split.join(' | ')} | ${cell(row.lost)} | ${cell(row.outcome)} |`
      )
    }
    lines.push('')
  }
  return lines.join('\n')
}

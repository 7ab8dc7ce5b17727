/** One line of the benchmark table, its formatting, and the results file. */

export interface BenchRow {
  benchmark: string
  /** What exactly was measured (workload, sizes). */
  measured: string
  ours: number
  unit: string
  /** Baseline measured in the same run; undefined for absolute rows. */
  baseline?: number
  /** ours / baseline, or baseline / ours for throughput (higher is better). */
  ratio?: number
  target: string
  met: boolean
  /** Extra figures (p95, rounds …). */
  detail?: string
}

const figure = (value: number, unit: string): string => {
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
  return `${value.toFixed(digits)} ${unit}`
}

export function formatTable(rows: readonly BenchRow[]): string {
  const header = ['benchmark', 'ours', 'baseline (same run)', 'ratio', 'target', 'met']
  const body = rows.map((row) => [
    row.benchmark,
    figure(row.ours, row.unit),
    row.baseline === undefined ? '—' : figure(row.baseline, row.unit),
    row.ratio === undefined ? '—' : row.ratio.toFixed(3),
    row.target,
    row.met ? 'yes' : 'NO'
  ])
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => (cells[column] ?? '').length))
  )
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`
  const details = rows.map(
    (row) => `- ${row.benchmark}: ${row.measured}${row.detail ? `; ${row.detail}` : ''}`
  )
  return [line(header), rule, ...body.map(line), '', ...details].join('\n')
}

export function assertFinite(rows: readonly BenchRow[]): void {
  for (const row of rows) {
    for (const value of [row.ours, row.baseline, row.ratio]) {
      if (value !== undefined && !Number.isFinite(value)) {
        throw new Error(`${row.benchmark}: not a finite figure (${String(value)})`)
      }
    }
  }
}

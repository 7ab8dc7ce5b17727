/** Where reliability checks leave their measured rows; reliability/report.ts turns them into RELIABILITY.md. */
import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'

export const RESULTS_DIR = resolve(import.meta.dirname, '../results')

export interface ReliabilityRow {
  area: string
  case: string
  tried: number
  passed: number
  /** 'nothing', or what was lost. */
  lost: string
  /** Short: what happened, e.g. 'TIMEOUT after 3 attempts'. */
  outcome: string
}

export const rowPassed = (row: ReliabilityRow): boolean =>
  row.tried > 0 && row.passed === row.tried && row.lost === 'nothing'

export async function recordRows(group: string, rows: ReliabilityRow[]): Promise<void> {
  await mkdir(RESULTS_DIR, { recursive: true })
  const file = join(RESULTS_DIR, `${group}.json`)
  await writeFile(
    file,
    JSON.stringify({ group, recordedAt: new Date().toISOString(), rows }, null, 2)
  )
}

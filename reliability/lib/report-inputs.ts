/**
 * What the report may be built from. Inputs are refused unless every results file measured the
 * run's tree and was written after the run started, and the checkout is still that tree. Rows are
 * checked against each group's declared ids: a missing, undeclared or repeated row becomes a
 * failing row of its own.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ExpectedGroup } from './expected-rows'
import { rowPassed, RUN_FILE } from './results'
import type { RecordedGroup, ReliabilityRow, RunStamp, TreeStamp } from './results'

export const CHECK_AREA = 'Rows missing, undeclared or repeated'

export const describeTree = (tree: TreeStamp): string =>
  `${tree.commit.slice(0, 12)}${tree.dirty ? ` with uncommitted changes (${tree.changes ?? '?'})` : ''}`

const sameTree = (a: TreeStamp, b: TreeStamp): boolean =>
  a.commit === b.commit && a.dirty === b.dirty && a.changes === b.changes

/** Why these inputs cannot be reported as one run of one tree; [] when they can. */
export function inputRefusals(
  run: RunStamp | undefined,
  groups: readonly RecordedGroup[],
  current: TreeStamp
): string[] {
  if (!run) return ['no run was started: run `npm run test:reliability`']
  const problems: string[] = []
  const started = Date.parse(run.startedAt)
  for (const { group, recordedAt, tree } of groups) {
    if (!tree || !recordedAt) {
      problems.push(`${group}: results carry no commit or time (an older format): rerun`)
      continue
    }
    if (!sameTree(tree, run.tree)) {
      problems.push(
        `${group}: measured ${describeTree(tree)}, but the run is of ${describeTree(run.tree)} (mixed commits)`
      )
    }
    if (!(Date.parse(recordedAt) >= started)) {
      problems.push(
        `${group}: recorded at ${recordedAt}, before the run started at ${run.startedAt} (stale)`
      )
    }
  }
  if (!sameTree(current, run.tree)) {
    problems.push(
      `the checkout is now ${describeTree(current)}, but the results measure ${describeTree(run.tree)}: rerun`
    )
  }
  return problems
}

const checkRow = (group: string, id: string, outcome: string): ReliabilityRow => ({
  id: `${group}/${id}`,
  area: CHECK_AREA,
  case: `${group}: ${id}`,
  tried: 0,
  passed: 0,
  lost: 'not measured',
  outcome
})

/**
 * The recorded rows in the order the groups declare them, then a failing row
 * for every declared row not recorded, every row not declared, and every repeat of a row.
 */
export function checkedRows(
  recorded: readonly RecordedGroup[],
  expected: readonly ExpectedGroup[]
): ReliabilityRow[] {
  const rows: ReliabilityRow[] = []
  const checks: ReliabilityRow[] = []
  const countCheck = (group: string, row: ReliabilityRow): void => {
    if (row.split && row.split.served + row.split.rejected !== row.passed) {
      const { served, rejected } = row.split
      checks.push(
        checkRow(
          group,
          row.id,
          `served ${served} + rejected ${rejected} is not the ${row.passed} passed`
        )
      )
    }
  }
  for (const { group, source, rows: ids } of expected) {
    const files = recorded.filter((found) => found.group === group)
    const found = files.flatMap((file) => file.rows)
    if (found.length === 0) {
      checks.push(checkRow(group, 'every row', `no results recorded: run ${source}`))
      continue
    }
    const seen = new Map<string, number>()
    const kept: ReliabilityRow[] = []
    for (const row of found) {
      const times = (seen.get(row.id) ?? 0) + 1
      seen.set(row.id, times)
      if (!ids.includes(row.id)) {
        checks.push(
          checkRow(group, row.id, `recorded, but not declared in reliability/lib/expected-rows.ts`)
        )
      } else if (times === 1) {
        kept.push(row)
        countCheck(group, row)
      }
    }
    rows.push(...kept.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id)))
    for (const [id, times] of seen) {
      if (times > 1) checks.push(checkRow(group, id, `recorded ${times} times`))
    }
    for (const id of ids) {
      if (!seen.has(id))
        checks.push(checkRow(group, id, `declared, but not recorded: run ${source}`))
    }
  }
  for (const { group } of recorded) {
    if (!expected.some((declared) => declared.group === group)) {
      checks.push(checkRow(group, 'every row', 'a group no one declared'))
    }
  }
  return [...rows, ...checks]
}

export interface ReadResults {
  run: RunStamp | undefined
  groups: RecordedGroup[]
  /** Files that could not be read as results. */
  unreadable: string[]
}

/** Reads the run stamp and every group's results file in `directory`. */
export function readResults(directory: string): ReadResults {
  if (!existsSync(directory)) return { run: undefined, groups: [], unreadable: [] }
  const unreadable: string[] = []
  const parse = (name: string): unknown => {
    try {
      return JSON.parse(readFileSync(join(directory, name), 'utf8'))
    } catch {
      unreadable.push(name)
      return undefined
    }
  }
  const names = readdirSync(directory).filter((name) => name.endsWith('.json'))
  const run = names.includes(RUN_FILE) ? (parse(RUN_FILE) as RunStamp | undefined) : undefined
  const groups = names
    .filter((name) => name !== RUN_FILE)
    .map((name) => parse(name) as RecordedGroup | undefined)
    .filter((group): group is RecordedGroup => group !== undefined)
  return { run, groups, unreadable }
}

export type Assessment =
  | { verdict: 'refused'; refusals: string[] }
  | { verdict: 'pass' | 'fail'; run: RunStamp; rows: ReliabilityRow[]; failing: ReliabilityRow[] }

/** Refuses inputs that are not one run of `current`; otherwise the checked rows and which fail. */
export function assessResults(
  results: ReadResults,
  current: TreeStamp,
  expected: readonly ExpectedGroup[]
): Assessment {
  const refusals = [
    ...results.unreadable.map((name) => `${name}: not readable as JSON`),
    ...inputRefusals(results.run, results.groups, current)
  ]
  if (refusals.length > 0 || !results.run) return { verdict: 'refused', refusals }
  const rows = checkedRows(results.groups, expected)
  const failing = rows.filter((row) => !rowPassed(row))
  return { verdict: failing.length === 0 ? 'pass' : 'fail', run: results.run, rows, failing }
}

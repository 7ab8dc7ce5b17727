/**
 * Where reliability checks leave their measured rows; reliability/report.ts turns them into
 * RELIABILITY.md. Every results file carries the tree it measured (commit, and whether and how the
 * work tree differed from it) and when it was written, so the report can refuse to mix runs.
 */
import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'

export const RESULTS_DIR = resolve(import.meta.dirname, '../results')
/** Written when a run starts (reliability/start-run.ts, or the first recorder of a run). */
export const RUN_FILE = 'run.json'
const ROOT = resolve(import.meta.dirname, '../..')

export interface ReliabilityRow {
  /** The name its group declares for it in reliability/lib/expected-rows.ts. */
  id: string
  area: string
  case: string
  tried: number
  passed: number
  /**
   * Where a row tries cases meant to be served and cases meant to be refused: how many of the
   * passed ones were served, and how many were rejected as expected (served + rejected = passed).
   */
  split?: { served: number; rejected: number }
  /** 'nothing', or what was lost. */
  lost: string
  /** Short: what happened, e.g. 'TIMEOUT after 3 attempts'. */
  outcome: string
}

/** The source tree a result measured. */
export interface TreeStamp {
  /** Full commit hash of HEAD ('unknown' outside git). */
  commit: string
  /** Whether tracked or untracked (not ignored) files differed from the commit. */
  dirty: boolean
  /**
   * Hash of those differences (tracked files by content, untracked ones by name), so two dirty
   * trees at one commit can be told apart.
   */
  changes?: string
}

export interface RunStamp {
  startedAt: string
  tree: TreeStamp
}

export interface RecordedGroup {
  group: string
  recordedAt: string
  tree: TreeStamp
  rows: ReliabilityRow[]
}

export const rowPassed = (row: ReliabilityRow): boolean =>
  row.tried > 0 && row.passed === row.tried && row.lost === 'nothing'

/** Builds a row whose `lost` comes from its failed checks: 'nothing' only when every one held. */
export function rowFromChecks(
  row: Omit<ReliabilityRow, 'lost'>,
  failedChecks: readonly string[]
): ReliabilityRow {
  return { ...row, lost: failedChecks.length === 0 ? 'nothing' : failedChecks.join('; ') }
}

const git = (args: string[]): string =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })

/** HEAD and the work tree's differences from it (RELIABILITY.md, which the report writes, aside). */
export function currentTree(): TreeStamp {
  try {
    const commit = git(['rev-parse', 'HEAD']).trim()
    const outside = ['--', '.', ':(exclude)RELIABILITY.md']
    const diff = git(['diff', 'HEAD', '--binary', ...outside])
    const untracked = git(['ls-files', '--others', '--exclude-standard', ...outside])
    if (diff === '' && untracked === '') return { commit, dirty: false }
    const changes = createHash('sha256').update(diff).update('\0').update(untracked).digest('hex')
    return { commit, dirty: true, changes: changes.slice(0, 16) }
  } catch {
    return { commit: 'unknown', dirty: false }
  }
}

/** Clears earlier results and marks the start of a run at the current tree. */
export async function startRun(): Promise<RunStamp> {
  await rm(RESULTS_DIR, { recursive: true, force: true })
  return writeRunStamp()
}

async function writeRunStamp(): Promise<RunStamp> {
  await mkdir(RESULTS_DIR, { recursive: true })
  const run: RunStamp = { startedAt: new Date().toISOString(), tree: currentTree() }
  await writeFile(join(RESULTS_DIR, RUN_FILE), JSON.stringify(run, null, 2))
  return run
}

/** Writes a group's rows, stamped with the tree and the time; starts a run if none was started. */
export async function recordRows(group: string, rows: ReliabilityRow[]): Promise<void> {
  if (!existsSync(join(RESULTS_DIR, RUN_FILE))) await writeRunStamp()
  const recorded: RecordedGroup = {
    group,
    recordedAt: new Date().toISOString(),
    tree: currentTree(),
    rows
  }
  await writeFile(join(RESULTS_DIR, `${group}.json`), JSON.stringify(recorded, null, 2))
}

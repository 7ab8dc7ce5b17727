import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ExpectedGroup } from './expected-rows'
import { assessResults, readResults } from './report-inputs'
import type { ReadResults } from './report-inputs'
import type { RecordedGroup, ReliabilityRow, RunStamp, TreeStamp } from './results'

const TREE: TreeStamp = { commit: 'a'.repeat(40), dirty: false }
const OTHER: TreeStamp = { commit: 'b'.repeat(40), dirty: false }
const RUN: RunStamp = { startedAt: '2026-11-23T10:00:00.000Z', tree: TREE }
const EXPECTED: ExpectedGroup[] = [
  { group: 'client-faults', source: 'npm run test:reliability:node', rows: ['hang', '500'] },
  { group: 'load', source: 'npm run test:reliability:node', rows: ['soak'] }
]

const row = (id: string, overrides: Partial<ReliabilityRow> = {}): ReliabilityRow => ({
  id,
  area: 'Area',
  case: id,
  tried: 10,
  passed: 10,
  lost: 'nothing',
  outcome: 'fine',
  ...overrides
})
const group = (name: string, rows: ReliabilityRow[], overrides: Partial<RecordedGroup> = {}) => ({
  group: name,
  recordedAt: '2026-11-23T10:05:00.000Z',
  tree: TREE,
  rows,
  ...overrides
})
const complete = (): RecordedGroup[] => [
  group('client-faults', [row('hang'), row('500')]),
  group('load', [row('soak')])
]
const at = (groups: RecordedGroup[], index: number): RecordedGroup => {
  const found = groups[index]
  if (!found) throw new Error(`no group ${index}`)
  return found
}
const assess = (groups: RecordedGroup[], overrides: Partial<ReadResults> = {}, current = TREE) =>
  assessResults({ run: RUN, groups, unreadable: [], ...overrides }, current, EXPECTED)
const failingCases = (groups: RecordedGroup[]) => {
  const assessed = assess(groups)
  if (assessed.verdict === 'refused') throw new Error(assessed.refusals.join('\n'))
  return assessed.failing.map((failing) => `${failing.case}: ${failing.outcome}`)
}

describe('rows against what each group declares', () => {
  it('passes when every declared row is recorded once and passes', () => {
    expect(assess(complete())).toMatchObject({ verdict: 'pass', failing: [] })
  })

  it('lists rows in the order their group declares them', () => {
    const groups = complete()
    at(groups, 0).rows.reverse()
    const assessed = assess(groups)
    expect(assessed.verdict !== 'refused' && assessed.rows.map((r) => r.id)).toEqual([
      'hang',
      '500',
      'soak'
    ])
  })

  it('fails on a deleted row', () => {
    const groups = complete()
    at(groups, 0).rows = [row('500')]
    expect(failingCases(groups)).toEqual([
      'client-faults: hang: declared, but not recorded: run npm run test:reliability:node'
    ])
  })

  it('fails on a duplicated row and counts it once', () => {
    const groups = complete()
    at(groups, 0).rows.push(row('hang'))
    const assessed = assess(groups)
    expect(failingCases(groups)).toEqual(['client-faults: hang: recorded 2 times'])
    expect(
      assessed.verdict !== 'refused' && assessed.rows.filter((r) => r.id === 'hang')
    ).toHaveLength(1)
  })

  it('fails on a row no group declares, and on a group no one declares', () => {
    const groups = complete()
    at(groups, 1).rows.push(row('spike'))
    groups.push(group('surprise', [row('x')]))
    expect(failingCases(groups)).toEqual([
      'load: spike: recorded, but not declared in reliability/lib/expected-rows.ts',
      'surprise: every row: a group no one declared'
    ])
  })

  it('fails on a group that recorded nothing, naming the command that records it', () => {
    expect(failingCases([group('load', [row('soak')])])).toEqual([
      'client-faults: every row: no results recorded: run npm run test:reliability:node'
    ])
  })

  it('fails on a row whose served and rejected counts do not add up to its passed cases', () => {
    const groups = complete()
    at(groups, 1).rows = [row('soak', { split: { served: 6, rejected: 3 } })]
    expect(failingCases(groups)).toEqual(['load: soak: served 6 + rejected 3 is not the 10 passed'])
  })

  it('still fails a declared row that failed its own checks', () => {
    const groups = complete()
    at(groups, 1).rows = [row('soak', { lost: 'heap grew 40 MB (bound 32 MB)' })]
    expect(assess(groups)).toMatchObject({ verdict: 'fail', failing: [{ id: 'soak' }] })
  })
})

describe('results of one run of one tree', () => {
  it('refuses a results file written before the run started', () => {
    const groups = complete()
    at(groups, 1).recordedAt = '2026-11-23T09:59:59.000Z'
    expect(assess(groups)).toEqual({
      verdict: 'refused',
      refusals: [
        'load: recorded at 2026-11-23T09:59:59.000Z, before the run started at 2026-11-23T10:00:00.000Z (stale)'
      ]
    })
  })

  it('refuses mixed commits', () => {
    const groups = complete()
    at(groups, 0).tree = OTHER
    expect(assess(groups)).toMatchObject({
      verdict: 'refused',
      refusals: [
        expect.stringMatching(
          /^client-faults: measured bbbbbbbbbbbb, but the run is of aaaaaaaaaaaa \(mixed commits\)$/
        )
      ]
    })
  })

  it('refuses two different sets of uncommitted changes on one commit', () => {
    const dirty = (changes: string): TreeStamp => ({ ...TREE, dirty: true, changes })
    const groups = complete().map((recorded) => ({ ...recorded, tree: dirty('1111') }))
    at(groups, 1).tree = dirty('2222')
    const run = { ...RUN, tree: dirty('1111') }
    const assessed = assessResults({ run, groups, unreadable: [] }, dirty('1111'), EXPECTED)
    expect(assessed).toMatchObject({
      verdict: 'refused',
      refusals: [
        expect.stringContaining('load: measured aaaaaaaaaaaa with uncommitted changes (2222)')
      ]
    })
  })

  it('refuses results when the checkout has moved to another commit since the run', () => {
    expect(assess(complete(), {}, OTHER)).toMatchObject({
      verdict: 'refused',
      refusals: [
        expect.stringMatching(
          /^the checkout is now bbbbbbbbbbbb, but the results measure aaaaaaaaaaaa/
        )
      ]
    })
  })

  it('refuses results without a run, and results files without a commit or time', () => {
    expect(assess(complete(), { run: undefined })).toMatchObject({ verdict: 'refused' })
    const legacy = { group: 'load', rows: [row('soak')] } as unknown as RecordedGroup
    expect(assess([at(complete(), 0), legacy])).toEqual({
      verdict: 'refused',
      refusals: ['load: results carry no commit or time (an older format): rerun']
    })
  })
})

describe('reading the results folder', () => {
  let directory: string | undefined
  afterEach(() => {
    if (directory) rmSync(directory, { recursive: true, force: true })
  })

  it('reads the run stamp and each group, and refuses a file that is not JSON', () => {
    directory = mkdtempSync(join(tmpdir(), 'market-reliability-results-'))
    writeFileSync(join(directory, 'run.json'), JSON.stringify(RUN))
    for (const recorded of complete()) {
      writeFileSync(join(directory, `${recorded.group}.json`), JSON.stringify(recorded))
    }
    writeFileSync(join(directory, 'RELIABILITY.md'), '# an earlier report')
    const results = readResults(directory)
    expect(results).toEqual({ run: RUN, groups: complete(), unreadable: [] })
    expect(assessResults(results, TREE, EXPECTED)).toMatchObject({ verdict: 'pass' })

    writeFileSync(join(directory, 'persistence.json'), '{"group":')
    expect(assessResults(readResults(directory), TREE, EXPECTED)).toEqual({
      verdict: 'refused',
      refusals: ['persistence.json: not readable as JSON']
    })
  })
})

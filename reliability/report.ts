/**
 * Writes the reliability report from the rows the reliability checks recorded in
 * reliability/results/ (see package.json test:reliability for the order) to
 * reliability/results/RELIABILITY.md (git-ignored). With --publish (npm run reliability:publish)
 * it also refreshes the committed RELIABILITY.md, only from a clean tree and when every row passes.
 * Refuses (writes nothing, exit 1) results of another commit or from before the run; exits 1 when
 * a row fails or is missing, undeclared or repeated.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { EXPECTED_GROUPS } from './lib/expected-rows'
import { formatReport } from './lib/report-format'
import { assessResults, describeTree, readResults } from './lib/report-inputs'
import { currentTree, RESULTS_DIR } from './lib/results'

const INTRO = `
What the app was put through, and what it lost. Written by \`npm run test:reliability\` from what
it measured in that run (do not edit by hand; rerun). The run: \`npm run security\`
(electronegativity), \`npm run test:e2e\` (the UI under the 12 faults, damaged IndexedDB records,
and the secrets sweep over every artifact of the whole e2e suite), then the Node suite
(\`reliability/*.reliability.test.ts\`: client faults, IPC and service fuzzing with fast-check,
service hardening, load and soak, settings and key persistence faults, settings and output
hardening). A row passes when every case tried passed and nothing was lost; where a row tries
both, "served" counts the cases that had to be answered and were, "rejected as expected" the ones
that had to be refused and were (invalid IPC input as INVALID_INPUT, a wrong key as 401). Fuzz
rows name their seed: \`RELIABILITY_SEED=<seed>\` replays them. Every results file carries the
commit it measured; the report refuses results from another commit or an earlier run.
`

const ROOT = resolve(import.meta.dirname, '..')

function main(): number {
  const current = currentTree()
  const assessed = assessResults(readResults(RESULTS_DIR), current, EXPECTED_GROUPS)
  if (assessed.verdict === 'refused') {
    console.error('reliability report refused: these results are not one run of this tree')
    for (const reason of assessed.refusals) console.error(`  ${reason}`)
    return 1
  }
  const { rows, failing, run } = assessed
  const text = formatReport(
    rows,
    {
      generatedAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      measured: describeTree(run.tree),
      runStartedAt: run.startedAt.replace(/\.\d+Z$/, 'Z'),
      environment: `Node ${process.version}, ${process.platform}, CI=${process.env['CI'] ?? 'false'}`
    },
    INTRO
  )
  const targets = [join(RESULTS_DIR, 'RELIABILITY.md')]
  const publishing = process.argv.includes('--publish')
  if (publishing && failing.length === 0 && !run.tree.dirty)
    targets.push(join(ROOT, 'RELIABILITY.md'))
  mkdirSync(RESULTS_DIR, { recursive: true })
  for (const target of targets) writeFileSync(target, `${text}\n`)
  console.log(
    `${targets.join(' and ')}: ${rows.length} rows, ${failing.length} failing; measured ${describeTree(run.tree)}`
  )
  for (const row of failing)
    console.error(`  FAIL ${row.area} / ${row.case}: ${row.lost}; ${row.outcome}`)
  if (publishing && run.tree.dirty) {
    console.error('  not published: the run measured uncommitted changes; commit and rerun')
    return 1
  }
  return failing.length === 0 ? 0 : 1
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  process.exitCode = main()
}

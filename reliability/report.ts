/**
 * Writes the reliability report from the rows the reliability checks recorded in
 * reliability/results/ (see package.json test:reliability for the order) to
 * reliability/results/RELIABILITY.md (git-ignored). With --publish (npm run reliability:publish)
 * it also refreshes the committed RELIABILITY.md. Exits 1 when a row fails or a group is missing.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { formatReport, withMissingGroups } from './lib/report-format'
import type { ExpectedGroup, RecordedGroup } from './lib/report-format'
import { RESULTS_DIR, rowPassed } from './lib/results'

export const EXPECTED_GROUPS: readonly ExpectedGroup[] = [
  { group: 'client-faults', source: 'npm run test:reliability:node' },
  { group: 'client-hardening', source: 'npm run test:reliability:node' },
  { group: 'e2e-ui-faults', source: 'npm run test:e2e' },
  { group: 'ipc-fuzz', source: 'npm run test:reliability:node' },
  { group: 'service-fuzz', source: 'npm run test:reliability:node' },
  { group: 'service-hardening', source: 'npm run test:reliability:node' },
  { group: 'load', source: 'npm run test:reliability:node' },
  { group: 'persistence', source: 'npm run test:reliability:node' },
  { group: 'settings-hardening', source: 'npm run test:reliability:node' },
  { group: 'e2e-damaged-cache', source: 'npm run test:e2e' },
  { group: 'e2e-secrets', source: 'npm run test:e2e' },
  { group: 'security-electronegativity', source: 'npm run security' }
]

const INTRO = `
What the app was put through, and what it lost. Written by \`npm run test:reliability\` from what
it measured in that run (do not edit by hand; rerun). The run: \`npm run security\`
(electronegativity), \`npm run test:e2e\` (the UI under the 12 faults, damaged IndexedDB records,
and the secrets sweep over every artifact of the whole e2e suite), then the Node suite
(\`reliability/*.reliability.test.ts\`: client faults, IPC and service fuzzing with fast-check,
service hardening, load and soak, settings and key persistence faults, settings and output hardening). A row passes when every case tried passed and
nothing was lost. Fuzz rows name their seed: \`RELIABILITY_SEED=<seed>\` replays them.
`

const ROOT = resolve(import.meta.dirname, '..')

function readGroups(): RecordedGroup[] {
  if (!existsSync(RESULTS_DIR)) return []
  return readdirSync(RESULTS_DIR)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(RESULTS_DIR, name), 'utf8')) as RecordedGroup)
    .sort(
      (a, b) =>
        EXPECTED_GROUPS.findIndex((e) => e.group === a.group) -
        EXPECTED_GROUPS.findIndex((e) => e.group === b.group)
    )
}

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8'
    }).trim()
  } catch {
    return 'unknown'
  }
}

function main(): number {
  const rows = withMissingGroups(readGroups(), EXPECTED_GROUPS)
  const text = formatReport(
    rows,
    {
      generatedAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      commit: commit(),
      environment: `Node ${process.version}, ${process.platform}, CI=${process.env['CI'] ?? 'false'}`
    },
    INTRO
  )
  const failing = rows.filter((row) => !rowPassed(row))
  const targets = [join(RESULTS_DIR, 'RELIABILITY.md')]
  if (process.argv.includes('--publish') && failing.length === 0) {
    targets.push(join(ROOT, 'RELIABILITY.md'))
  }
  mkdirSync(RESULTS_DIR, { recursive: true })
  for (const target of targets) writeFileSync(target, `${text}\n`)
  console.log(`${targets.join(' and ')}: ${rows.length} rows, ${failing.length} failing`)
  for (const row of failing)
    console.error(`  FAIL ${row.area} / ${row.case}: ${row.lost}; ${row.outcome}`)
  return failing.length === 0 ? 0 : 1
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  process.exitCode = main()
}

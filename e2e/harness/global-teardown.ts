/**
 * After the whole e2e suite: the secrets sweep. Every artifact the tests left (see secret-sweep.ts)
 * is scanned for every key that was in play; any hit fails the run. Rows go to RELIABILITY.md,
 * written after every check, each failing with what did not hold.
 */
import { existsSync, readdirSync } from 'node:fs'
import type { ReliabilityRow } from '../../reliability/lib/results'
import { recordRows, rowFromChecks } from '../../reliability/lib/results'
import { SWEEP_ARTIFACTS_DIR, SWEEP_KEYS_DIR } from './secret-sweep'
import { readSweepKeys, scanSweep } from './sweep-scan'
import type { KindResult } from './sweep-scan'

const AREA = 'Secrets after the e2e suite'
const NO_KEYS = 'no keys were recorded: the sweep would prove nothing'

function kindRow(result: KindResult, keys: number, tests: number): ReliabilityRow {
  const dirty = new Set(result.hits.map((hit) => hit.file))
  return rowFromChecks(
    {
      id: result.kind,
      area: AREA,
      case: result.kind,
      tried: result.files,
      passed: result.files - dirty.size,
      outcome: `${result.files} files (${Math.round(result.bytes / 1024)} KB) from ${tests} tests scanned for ${keys} keys in 4 encodings: ${result.hits.length} hits`
    },
    [
      ...(dirty.size > 0
        ? [`a key in ${[...dirty].join(', ')} (${result.hits.map((hit) => hit.form).join(', ')})`]
        : []),
      ...(keys === 0 ? [NO_KEYS] : []),
      ...(result.files === 0 ? [`no ${result.kind} were captured`] : [])
    ]
  )
}

export default async function globalTeardown(): Promise<void> {
  const keys = readSweepKeys(SWEEP_KEYS_DIR)
  const tests = existsSync(SWEEP_ARTIFACTS_DIR) ? readdirSync(SWEEP_ARTIFACTS_DIR).length : 0
  const { results, unclassified } = scanSweep(SWEEP_ARTIFACTS_DIR, keys)
  const classified = results.reduce((sum, result) => sum + result.files, 0)
  const rows = [
    ...results.map((result) => kindRow(result, keys.length, tests)),
    rowFromChecks(
      {
        id: 'every artifact classified',
        area: AREA,
        case: 'every artifact of a known kind (so none goes unscanned)',
        tried: classified + unclassified.length,
        passed: classified,
        outcome: `${classified} artifacts classified, ${unclassified.length} of unknown kind`
      },
      unclassified.length > 0 ? [`artifacts of unknown kind: ${unclassified.join(', ')}`] : []
    )
  ]
  await recordRows('e2e-secrets', rows)
  const hits = results.flatMap((result) => result.hits)
  console.log(
    `secrets sweep: ${keys.length} keys, ${classified} files from ${tests} tests, ${hits.length} hits`
  )
  const problems = [
    ...hits.map((hit) => `key (${hit.form}) found in ${hit.file}`),
    ...unclassified.map((file) => `artifact of unknown kind: ${file}`),
    ...(keys.length === 0 ? [NO_KEYS] : []),
    ...results.filter((r) => r.files === 0).map((r) => `no ${r.kind} were captured`)
  ]
  if (problems.length > 0) throw new Error(`secrets sweep failed:\n${problems.join('\n')}`)
}

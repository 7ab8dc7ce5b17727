/**
 * After the whole e2e suite: the secrets sweep. Every artifact the tests left (see secret-sweep.ts)
 * is scanned for every key that was in play; any hit fails the run. Rows go to RELIABILITY.md.
 */
import { readdirSync } from 'node:fs'
import { recordRows } from '../../reliability/lib/results'
import { SWEEP_ARTIFACTS_DIR, SWEEP_KEYS_DIR } from './secret-sweep'
import { readSweepKeys, scanSweep } from './sweep-scan'

export default async function globalTeardown(): Promise<void> {
  const keys = readSweepKeys(SWEEP_KEYS_DIR)
  const tests = readdirSync(SWEEP_ARTIFACTS_DIR).length
  const { results, unclassified } = scanSweep(SWEEP_ARTIFACTS_DIR, keys)
  await recordRows(
    'e2e-secrets',
    results.map((result) => {
      const dirty = new Set(result.hits.map((hit) => hit.file))
      return {
        area: 'Secrets after the e2e suite',
        case: result.kind,
        tried: result.files,
        passed: result.files - dirty.size,
        lost:
          dirty.size === 0
            ? 'nothing'
            : `a key in ${[...dirty].join(', ')} (${result.hits.map((hit) => hit.form).join(', ')})`,
        outcome: `${result.files} files (${Math.round(result.bytes / 1024)} KB) from ${tests} tests scanned for ${keys.length} keys in 4 encodings: ${result.hits.length} hits`
      }
    })
  )
  const hits = results.flatMap((result) => result.hits)
  console.log(
    `secrets sweep: ${keys.length} keys, ${results.reduce((sum, r) => sum + r.files, 0)} files from ${tests} tests, ${hits.length} hits`
  )
  const problems = [
    ...hits.map((hit) => `key (${hit.form}) found in ${hit.file}`),
    ...unclassified.map((file) => `artifact of unknown kind: ${file}`),
    ...(keys.length === 0 ? ['no keys were recorded: the sweep would prove nothing'] : []),
    ...results.filter((r) => r.files === 0).map((r) => `no ${r.kind} were captured`)
  ]
  if (problems.length > 0) throw new Error(`secrets sweep failed:\n${problems.join('\n')}`)
}

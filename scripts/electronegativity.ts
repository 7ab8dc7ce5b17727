/**
 * Electron security lint, offline: runs @doyensec/electronegativity (its programmatic API: the
 * CLI's CSV writer races its own header write and can drop a row) over copies of src/main,
 * src/preload (tests left out) and src/renderer/index.html, then fails on any finding above LOW.
 * There is no allowlist: a finding above LOW is fixed, not excused.
 *
 *   npx tsx scripts/electronegativity.ts
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { recordRows } from '../reliability/lib/results'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const SEVERITIES_ALLOWED = new Set(['INFORMATIONAL', 'LOW'])
/** Needs the internet (Electron's release list); the version is pinned instead. */
const OFFLINE_EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck']

const IssueSchema = z.object({
  id: z.string(),
  severity: z.object({ name: z.string() }),
  confidence: z.object({ name: z.string() }),
  file: z.string(),
  location: z.object({ line: z.number().optional(), column: z.number().optional() }).optional(),
  description: z.string().optional()
})
const RunResultSchema = z.object({ issues: z.array(IssueSchema), errors: z.array(z.unknown()) })
export type ElectronegativityIssue = z.infer<typeof IssueSchema>

export interface Finding {
  check: string
  severity: string
  confidence: string
  file: string
  location: string
}

export function toFinding(issue: ElectronegativityIssue): Finding {
  return {
    check: issue.id,
    severity: issue.severity.name.toUpperCase(),
    confidence: issue.confidence.name.toUpperCase(),
    file: issue.file.replace(/\\/g, '/'),
    location: `${issue.location?.line ?? '?'}:${issue.location?.column ?? '?'}`
  }
}

export function findingsAboveLow(findings: readonly Finding[]): Finding[] {
  return findings.filter((finding) => !SEVERITIES_ALLOWED.has(finding.severity.toUpperCase()))
}

type RunElectronegativity = (options: Record<string, unknown>) => Promise<unknown>

function electronVersion(): string {
  const pkg = JSON.parse(
    readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8')
  ) as {
    version: string
  }
  return pkg.version
}

function copySources(target: string): void {
  const skipTests = (source: string): boolean =>
    !/\.test\.tsx?$/.test(source) && basename(source) !== 'test'
  cpSync(join(ROOT, 'src/main'), join(target, 'main'), { recursive: true, filter: skipTests })
  cpSync(join(ROOT, 'src/preload'), join(target, 'preload'), { recursive: true, filter: skipTests })
  cpSync(join(ROOT, 'src/renderer/index.html'), join(target, 'renderer/index.html'))
}

async function main(): Promise<number> {
  const work = mkdtempSync(join(tmpdir(), 'electronegativity-'))
  const sources = join(work, 'src')
  try {
    copySources(sources)
    const version = electronVersion()
    const run = createRequire(import.meta.url)(
      '@doyensec/electronegativity'
    ) as RunElectronegativity
    const result = RunResultSchema.parse(
      await run({
        input: sources,
        isRelative: true,
        excludeFromScan: OFFLINE_EXCLUDED_CHECKS,
        electronVersionOverride: version
      })
    )
    if (result.errors.length > 0) {
      console.error(`electronegativity could not parse ${result.errors.length} file(s)`)
      return 2
    }
    const findings = result.issues.map(toFinding)
    console.log(`electronegativity ${version}: ${findings.length} finding(s)`)
    for (const finding of findings) {
      const tag = SEVERITIES_ALLOWED.has(finding.severity) ? 'ok (low)' : 'FAIL'
      console.log(
        `  [${tag}] ${finding.severity}/${finding.confidence} ${finding.check} ${finding.file}:${finding.location}`
      )
    }
    const failures = findingsAboveLow(findings)
    const files = readdirSync(sources, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile()
    )
    const filesWithFailures = new Set(failures.map((finding) => finding.file))
    await recordRows('security-electronegativity', [
      {
        id: 'electronegativity',
        area: 'Electron security lint',
        case: 'electronegativity over src/main, src/preload, renderer index.html',
        tried: files.length,
        passed: files.length - filesWithFailures.size,
        lost: failures.length === 0 ? 'nothing' : `${failures.length} finding(s) above LOW`,
        outcome: `${files.length} files, ${findings.length} finding(s): ${findings.map((f) => `${f.severity} ${f.check} ${f.file}`).join('; ') || 'none'}; above LOW: ${failures.length}`
      }
    ])
    if (failures.length > 0) {
      console.error(`${failures.length} finding(s) above LOW.`)
      return 1
    }
    return 0
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  void main().then((code) => {
    process.exitCode = code
  })
}

/**
 * Electron security lint, offline: runs @doyensec/electronegativity over copies of src/main,
 * src/preload (tests left out) and src/renderer/index.html, then fails on any finding above LOW.
 * There is no allowlist: a finding above LOW is fixed, not excused.
 *
 *   npx tsx scripts/electronegativity.ts [--report <file.csv>]
 */
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { recordRows } from '../reliability/lib/results'

interface Finding {
  check: string
  severity: string
  confidence: string
  file: string
  location: string
  description: string
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const SEVERITIES_ALLOWED = new Set(['INFORMATIONAL', 'LOW'])
/** Needs the internet (Electron's release list); the version is pinned instead. */
const OFFLINE_EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck']

/** Splits one CSV line, honouring double-quoted fields. */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = []
  let current = ''
  let quoted = false
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        current += '"'
        index += 1
      } else if (char === '"') quoted = false
      else current += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      fields.push(current.trim())
      current = ''
    } else current += char
  }
  fields.push(current.trim())
  return fields
}

export function parseReport(csv: string): Finding[] {
  return csv
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [
        check = '',
        severity = '',
        confidence = '',
        file = '',
        location = '',
        ,
        description = ''
      ] = splitCsvLine(line)
      return { check, severity, confidence, file: file.replace(/\\/g, '/'), location, description }
    })
}

export function findingsAboveLow(findings: Finding[]): Finding[] {
  return findings.filter((finding) => !SEVERITIES_ALLOWED.has(finding.severity.toUpperCase()))
}

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
  const reportArg = process.argv.indexOf('--report')
  const work = mkdtempSync(join(tmpdir(), 'electronegativity-'))
  const sources = join(work, 'src')
  const report =
    reportArg > 0 ? resolve(process.argv[reportArg + 1] ?? '') : join(work, 'report.csv')
  try {
    copySources(sources)
    const version = electronVersion()
    const run = spawnSync(
      join(ROOT, 'node_modules/.bin/electronegativity'),
      ['-i', sources, '-e', version, '-r', '-o', report, '-x', OFFLINE_EXCLUDED_CHECKS.join(',')],
      { encoding: 'utf8', timeout: 180_000 }
    )
    if (run.status !== 0 || !existsSync(report)) {
      console.error(run.stdout, run.stderr)
      console.error(`electronegativity did not produce a report (exit ${String(run.status)})`)
      return 2
    }
    const findings = parseReport(readFileSync(report, 'utf8'))
    console.log(`electronegativity ${version}: ${findings.length} finding(s)`)
    for (const finding of findings) {
      const tag = SEVERITIES_ALLOWED.has(finding.severity.toUpperCase()) ? 'ok (low)' : 'FAIL'
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

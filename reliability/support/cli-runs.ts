/**
 * The CLI for the reliability suite: in-process with captured output, and as the real process
 * started the way users start it (the package.json "cli" script).
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { runCli } from '../../src/cli/run'

const ROOT = resolve(import.meta.dirname, '../..')

export interface CliRun {
  code: number | null
  stdout: string
  stderr: string
}

/** runCli in this process with `env` as its environment, output captured. */
export async function runCliCaptured(
  argv: string[],
  env: Record<string, string> = {}
): Promise<CliRun> {
  let stdout = ''
  let stderr = ''
  const code = await runCli(argv, {
    env,
    stdout: { write: (chunk: string) => (stdout += chunk) },
    stderr: { write: (chunk: string) => (stderr += chunk) }
  })
  return { code, stdout, stderr }
}

export const ONE_OFF_COMMANDS = [
  ['locations', '--sector', 'land', '--csv'],
  ['price', '--location', 'ikoyi', '--type', 'rent', '--beds', '3'],
  ['growth', '--location', 'ikoyi', '--sector', 'land', '--json'],
  ['land-price', '--location', 'karen:KE'],
  ['compare', '--locations', 'lekki-phase-1,ikoyi', '--beds', '2', '--csv']
]

/** `npm run cli -- <argv>` with TMPDIR set to `tmp` and no API key. */
export function runCliProcess(argv: string[], tmp: string): Promise<CliRun> {
  const scripts = (
    JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
  ).scripts
  const child = spawn('sh', ['-c', `${scripts['cli'] ?? 'false'} "$@"`, 'sh', ...argv], {
    cwd: ROOT,
    env: { ...process.env, TMPDIR: tmp, MARKET_API_KEY: '' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000)
  return new Promise<CliRun>((done) =>
    child.on('close', (code) => {
      clearTimeout(killer)
      done({ code, stdout, stderr })
    })
  )
}

/**
 * The CLI for tests: in this process with its output captured (runCli with an explicit
 * environment), or as the real process users start (`npm run cli -- <argv>`).
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { runCli } from '../../../src/cli/run'

const ROOT = resolve(import.meta.dirname, '../../..')

export interface CliRun {
  code: number | null
  stdout: string
  stderr: string
}

/** runCli in this process with `env` as its whole environment, its output captured. */
export async function runCliCaptured(
  argv: string[],
  env: Record<string, string | undefined> = {},
  signal?: AbortSignal
): Promise<CliRun & { code: number }> {
  let stdout = ''
  let stderr = ''
  const code = await runCli(argv, {
    env,
    stdout: { write: (chunk: string) => (stdout += chunk) },
    stderr: { write: (chunk: string) => (stderr += chunk) },
    ...(signal ? { signal } : {})
  })
  return { code, stdout, stderr }
}

export interface CliProcessOptions {
  /** Added to this process's environment; MARKET_API_KEY is empty unless given here. */
  env?: Record<string, string>
  /** The command before `src/cli/index.ts` (e.g. node with the tsx loader); default the "cli" script. */
  command?: string[]
  /** Sends SIGINT once this resolves. */
  interruptWhen?: Promise<void>
  /** SIGKILL after this long (a process that does not exit shows as code null). */
  killAfterMs?: number
}

/** The CLI in its own process: `npm run cli -- <argv>` (package.json's script), or `command`. */
export function runCliProcess(
  argv: string[],
  options: CliProcessOptions = {}
): Promise<CliRun & { ms: number }> {
  const started = Date.now()
  const [command, ...args] = options.command
    ? [...options.command, 'src/cli/index.ts', ...argv]
    : ['sh', '-c', `${packageScript('cli')} "$@"`, 'sh', ...argv]
  const child = spawn(command ?? 'false', args, {
    cwd: ROOT,
    env: { ...process.env, MARKET_API_KEY: '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const killer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 60_000)
  void options.interruptWhen?.then(() => child.kill('SIGINT'))
  return new Promise((done) =>
    child.on('close', (code) => {
      clearTimeout(killer)
      done({ code, stdout, stderr, ms: Date.now() - started })
    })
  )
}

function packageScript(name: string): string {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  return scripts[name] ?? 'false'
}

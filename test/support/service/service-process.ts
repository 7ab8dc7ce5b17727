/** `npm run service` (src/service/cli.ts under tsx) in its own process, its output captured. */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'

const tsxCli = createRequire(import.meta.url).resolve('tsx/cli')

export interface ServiceProcess {
  /** The base URL it prints once listening; rejects if it exits first or does not start in time. */
  baseUrl: Promise<string>
  exited: Promise<number | null>
  /** stdout and stderr so far. */
  output(): string
  stderr(): string
  /** SIGTERM; resolves once it has exited. */
  stop(): Promise<number | null>
}

/** Started with `args` and `env` added to this process's environment (MARKET_API_KEY empty). */
export function startServiceProcess(
  args: string[],
  env: Record<string, string> = {},
  startTimeoutMs = 60_000
): ServiceProcess {
  const child = spawn(process.execPath, [tsxCli, 'src/service/cli.ts', ...args], {
    env: { ...process.env, MARKET_API_KEY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  const baseUrl = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the service did not start')), startTimeoutMs)
    child.stdout.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(stdout)
      if (!match?.[1]) return
      clearTimeout(timer)
      resolve(match[1])
    })
    void exited.then(() => {
      clearTimeout(timer)
      reject(new Error(`exited early: ${stderr}`))
    })
  })
  baseUrl.catch(() => undefined) // only awaited by callers that expect the service to start
  return {
    baseUrl,
    exited,
    output: () => stdout + stderr,
    stderr: () => stderr,
    stop: () => {
      child.kill('SIGTERM')
      return exited
    }
  }
}

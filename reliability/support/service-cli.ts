/**
 * Runs `npm run service` (src/service/cli.ts under tsx) with some arguments and environment,
 * serves one request with `secret` as the key, and reports what the key showed: printed output,
 * warnings, and how many process command lines (/proc/<pid>/cmdline, what `ps` shows) carry it.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { request } from 'undici'

const tsxCli = createRequire(import.meta.url).resolve('tsx/cli')
const START_TIMEOUT_MS = 60_000

export interface CliKeyReport {
  served: boolean
  warnings: string[]
  printedKey: boolean
  commandLinesWithKey: number
  processesScanned: number
}

function commandLinesContaining(text: string): { matches: number; scanned: number } {
  if (!existsSync('/proc')) return { matches: 0, scanned: 0 }
  let matches = 0
  let scanned = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
      scanned += 1
      if (commandLine.includes(text)) matches += 1
    } catch {
      // the process ended or is not ours to read
    }
  }
  return { matches, scanned }
}

export async function runServiceCli(
  args: string[],
  env: Record<string, string>,
  secret: string
): Promise<CliKeyReport> {
  const child = spawn(process.execPath, [tsxCli, 'src/service/cli.ts', ...args], {
    env: { ...process.env, MARKET_API_KEY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = once(child, 'exit')
  try {
    const baseUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('the service did not start')),
        START_TIMEOUT_MS
      )
      child.stdout.on('data', () => {
        const match = /listening on (http:\/\/\S+)/.exec(stdout)
        if (match?.[1]) {
          clearTimeout(timer)
          resolve(match[1])
        }
      })
      void exited.then(() => reject(new Error(`exited early: ${stderr}`)))
    })
    const commandLines = commandLinesContaining(secret)
    const response = await request(`${baseUrl}/locations?sector=land`, {
      headers: { 'api-key': secret },
      headersTimeout: 30_000,
      bodyTimeout: 30_000
    })
    await response.body.dump()
    return {
      served: response.statusCode === 200,
      warnings: stderr.split('\n').filter((line) => /warning/i.test(line)),
      printedKey: (stdout + stderr).includes(secret),
      commandLinesWithKey: commandLines.matches,
      processesScanned: commandLines.scanned
    }
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

/**
 * Runs `npm run service` (src/service/cli.ts under tsx) with some arguments and environment,
 * serves one request with `secret` as the key, and reports what the key showed: printed output,
 * warnings, and how many process command lines (/proc/<pid>/cmdline, what `ps` shows) carry it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { request } from 'undici'
import { startServiceProcess } from '../../test/support/service/service-process'

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
  const service = startServiceProcess(args, env)
  try {
    const baseUrl = await service.baseUrl
    const commandLines = commandLinesContaining(secret)
    const response = await request(`${baseUrl}/locations?sector=land`, {
      headers: { 'api-key': secret },
      headersTimeout: 30_000,
      bodyTimeout: 30_000
    })
    await response.body.dump()
    return {
      served: response.statusCode === 200,
      warnings: service
        .stderr()
        .split('\n')
        .filter((line) => /warning/i.test(line)),
      printedKey: service.output().includes(secret),
      commandLinesWithKey: commandLines.matches,
      processesScanned: commandLines.scanned
    }
  } finally {
    await service.stop()
  }
}

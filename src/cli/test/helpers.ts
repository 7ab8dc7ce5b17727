/** Test helpers: run the CLI in-process with captured output, a demo core, a CSV reader. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createAppCore } from '../../main/core'
import type { AppCore } from '../../main/core'
import { createMemoryVault } from '../../main/vault/key-vault'
import { runCli } from '../run'

export interface CliRun {
  code: number
  stdout: string
  stderr: string
}

export async function cli(
  argv: string[],
  env: Record<string, string | undefined> = {},
  signal?: AbortSignal
): Promise<CliRun> {
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

/** An app core in demo mode: the reference the CLI's output is compared with. */
export function demoCore(): AppCore & { cleanup(): Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), 'market-cli-ref-'))
  const core = createAppCore({ userDataDir: dir, vault: createMemoryVault() })
  return {
    ...core,
    async cleanup() {
      await core.dispose()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

/** RFC 4180 reader for checking --csv output. */
export { parseCsv } from '../../../test/support/shared/hostile-text'

/** Cells of a text-table line (columns are separated by two or more spaces). */
export function tableCells(line: string): string[] {
  return line.trim().split(/\s{2,}/)
}

/** The data lines of a text table (after the header and the dashed rule). */
export function tableRows(stdout: string): string[][] {
  return stdout.trimEnd().split('\n').slice(2).map(tableCells)
}

export function groupDigits(value: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value)
}

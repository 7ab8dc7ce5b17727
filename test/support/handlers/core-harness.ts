/** Test helpers: an app core in a temp folder with a capturing logger and progress recorder. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BatchProgressEvent } from '@shared/contract'
import { createAppCore } from '../../../src/main/core/app-core'
import type { AppCore, AppCoreOptions } from '../../../src/main/core/app-core'
import type { AppLogger, LogFields } from '../../../src/main/logging/logger'
import { createMemoryVault } from '../../../src/main/vault/key-vault'

export interface LogLine {
  level: 'info' | 'warn' | 'error'
  message: string
  fields: LogFields | undefined
}

export function capturingLogger(lines: LogLine[]): AppLogger {
  const log = (level: LogLine['level']) => (message: string, fields?: LogFields) => {
    lines.push({ level, message, fields })
  }
  return { info: log('info'), warn: log('warn'), error: log('error') }
}

export interface TestCore extends AppCore {
  dir: string
  logs: LogLine[]
  progress: BatchProgressEvent[]
  /** Every file in the data folder, concatenated. */
  filesText(): string
  cleanup(): Promise<void>
}

export function makeTestCore(overrides: Partial<AppCoreOptions> = {}): TestCore {
  const dir = overrides.userDataDir ?? mkdtempSync(join(tmpdir(), 'market-core-'))
  const logs: LogLine[] = []
  const progress: BatchProgressEvent[] = []
  const core = createAppCore({
    userDataDir: dir,
    vault: createMemoryVault(),
    logger: capturingLogger(logs),
    emitBatchProgress: (event) => progress.push(event),
    ...overrides
  })
  return {
    ...core,
    dir,
    logs,
    progress,
    filesText: () =>
      readdirSync(dir)
        .map((name) => readFileSync(join(dir, name), 'utf8'))
        .join('\n'),
    async cleanup() {
      await core.dispose()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

/**
 * The real app core (settings, key vault, connection, handlers) on a fresh temporary data folder,
 * for tests, benches and the browser harness: an in-memory vault and demo mode unless told
 * otherwise; cleanup() disposes it and removes the folder.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BatchProgressEvent } from '@shared/contract'
import { createAppCore } from '../../../src/main/core/app-core'
import type { AppCore, AppCoreOptions } from '../../../src/main/core/app-core'
import { createMemoryVault } from '../../../src/main/vault/key-vault'
import { capturingLogger } from '../logging/capturing-logger'
import type { LogLine } from '../logging/capturing-logger'

export interface TemporaryAppCore extends AppCore {
  /** The data folder (settings.json). */
  dir: string
  /** Disposes the core, then removes its data folder. */
  cleanup(): Promise<void>
}

/** Without emitBatchProgress, a batch's reply carries its items' Results (as in the CLI). */
export function temporaryAppCore(options: Partial<AppCoreOptions> = {}): TemporaryAppCore {
  const dir = options.userDataDir ?? mkdtempSync(join(tmpdir(), 'market-core-'))
  const core = createAppCore({ vault: createMemoryVault(), ...options, userDataDir: dir })
  return {
    ...core,
    dir,
    async cleanup() {
      await core.dispose()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

/** A core in remote mode with `apiKey` saved, pointed at `baseUrl`, as a user's would be. */
export async function remoteAppCore(baseUrl: string, apiKey: string): Promise<TemporaryAppCore> {
  const core = temporaryAppCore({ vault: createMemoryVault({ key: apiKey }) })
  const updated = await core.handlers.updateSettings({ connectionMode: 'remote', baseUrl })
  if (updated.ok) return core
  await core.cleanup()
  throw new Error(`remote settings refused: ${updated.error.message}`)
}

export interface TestCore extends TemporaryAppCore {
  logs: LogLine[]
  progress: BatchProgressEvent[]
  /** Every file in the data folder, concatenated. */
  filesText(): string
}

/** A temporary core whose log lines and batch progress events are recorded. */
export function makeTestCore(overrides: Partial<AppCoreOptions> = {}): TestCore {
  const logs: LogLine[] = []
  const progress: BatchProgressEvent[] = []
  const core = temporaryAppCore({
    logger: capturingLogger(logs),
    emitBatchProgress: (event) => progress.push(event),
    ...overrides
  })
  return {
    ...core,
    logs,
    progress,
    filesText: () =>
      readdirSync(core.dir)
        .map((name) => readFileSync(join(core.dir, name), 'utf8'))
        .join('\n')
  }
}

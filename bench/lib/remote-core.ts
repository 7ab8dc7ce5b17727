/** An app core (real handlers, client, settings) pointed at a service URL, as a user's would be. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createAppCore } from '../../src/main/core'
import type { AppCore } from '../../src/main/core'
import { createMemoryVault } from '../../src/main/vault'

export async function remoteCore(baseUrl: string, apiKey: string): Promise<AppCore> {
  const directory = mkdtempSync(join(tmpdir(), 'market-bench-'))
  const core = createAppCore({ userDataDir: directory, vault: createMemoryVault({ key: apiKey }) })
  const updated = await core.handlers.updateSettings({ connectionMode: 'remote', baseUrl })
  if (!updated.ok) throw new Error(`bench settings refused: ${updated.error.message}`)
  return {
    ...core,
    dispose: async () => {
      await core.dispose()
      rmSync(directory, { recursive: true, force: true })
    }
  }
}

/**
 * window.market backed by the REAL app core (handlers, client, embedded demo service) in this
 * Node process, reached through page.exposeBinding, as in e2e/harness/fixtures.ts.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'esbuild'
import type { BrowserContext, Page } from 'playwright-core'
import { createAppCore } from '../../main/core'
import { createDispatcher } from '../../main/ipc/registry'
import { silentLogger } from '../../main/logging/logger'
import { createMemoryVault } from '../../main/vault'
import { CHANNELS, EVENTS } from '../../shared/channels'
import type { Operation } from '../../shared/channels'

const OPERATION_BY_CHANNEL = new Map<string, Operation>(
  Object.entries(CHANNELS).map(([operation, channel]) => [channel, operation as Operation])
)

export async function installRealMarket(context: BrowserContext, page: Page) {
  const bridge = await build({
    entryPoints: [resolve(import.meta.dirname, '../../../e2e/harness/page-bridge.ts')],
    bundle: true,
    write: false,
    format: 'iife'
  })
  const core = createAppCore({
    userDataDir: mkdtempSync(join(tmpdir(), 'market-shots-')),
    vault: createMemoryVault(),
    emitBatchProgress: (event) => {
      void page
        .evaluate(
          ([name, payload]) =>
            (window as unknown as { __marketEmit(n: string, p: unknown): void }).__marketEmit(
              name,
              payload
            ),
          [EVENTS.batchProgress, event] as const
        )
        .catch(() => undefined)
    }
  })
  const dispatch = createDispatcher(core.handlers, {
    isTrustedSender: (source: { frame: unknown }) => source.frame === page.mainFrame(),
    logger: silentLogger
  })
  await context.exposeBinding('__marketInvoke', (source, channel: string, input: unknown) => {
    const operation = OPERATION_BY_CHANNEL.get(channel)
    if (!operation) throw new Error(`unknown channel ${channel}`)
    return dispatch(operation, source, input)
  })
  await context.addInitScript({ content: bridge.outputFiles[0]?.text ?? '' })
  return core
}

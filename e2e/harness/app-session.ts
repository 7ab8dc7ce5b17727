/**
 * Wires a Playwright page to a real app core exactly as Electron would: the preload's bridge in
 * the page, requests through the IPC dispatcher (sender = this page's main frame), batch progress
 * and the quota guard's state pushed back to the page. Only the transport and safeStorage (an
 * in-memory vault) differ.
 */
import type { Page } from '@playwright/test'
import type { AppCoreOptions } from '../../src/main/core/app-core'
import { createDispatcher } from '../../src/main/ipc/registry'
import { silentLogger } from '../../src/main/logging/logger'
import type { AppLogger } from '../../src/main/logging/logger'
import { startEmbeddedDemoService } from '../../src/main/core/app-core'
import { createMemoryVault } from '../../src/main/vault/key-vault'
import type { KeyVault } from '../../src/main/vault/key-vault'
import { CHANNELS, EVENTS } from '@shared/channels'
import type { Operation } from '@shared/channels'
import { temporaryAppCore } from '../../test/support/app-core/temporary-app-core'
import type { TemporaryAppCore } from '../../test/support/app-core/temporary-app-core'
import { PAGE_BRIDGE_BUNDLE } from './paths'

const OPERATION_BY_CHANNEL = new Map<string, Operation>(
  Object.entries(CHANNELS).map(([operation, channel]) => [channel, operation as Operation])
)

type HarnessWindow = Window & { __marketEmit(event: string, payload: unknown): void }

/**
 * Sends an event to the page's bridge, as main's webContents.send would. The payload travels as
 * JSON text: Playwright serialises a string argument at about half the cost of an object, and
 * this stand-in shares the bench process's event loop with the core it stands beside.
 */
export function emitToPage(page: Page, event: string, payload: unknown): Promise<void> {
  return page.evaluate(
    ([name, text]) => (window as unknown as HarnessWindow).__marketEmit(name, JSON.parse(text)),
    [event, JSON.stringify(payload)] as const
  )
}

/** A real app core on a temporary data folder behind `page`; cleanup() also removes the folder. */
export async function startCoreForPage(
  page: Page,
  options: {
    /** Default: silent. */
    logger?: AppLogger
    /** Told every API key that comes into play: the demo service's and every key the user sets. */
    onKeyInPlay?: (key: string) => void
    /** The page's answers to flush requests (a test playing main's close guard). */
    onFlushAnswer?: AppCoreOptions['onFlushAnswer']
    /** Main's report export (a test printing with page.pdf where main uses printToPDF). */
    exportReport?: AppCoreOptions['exportReport']
  } = {}
): Promise<TemporaryAppCore> {
  const onKeyInPlay = options.onKeyInPlay ?? (() => undefined)
  const logger = options.logger ?? silentLogger
  const push = (event: string, payload: unknown): void => {
    emitToPage(page, event, payload).catch(() => undefined)
  }
  const core = temporaryAppCore({
    vault: watchedVault(createMemoryVault(), onKeyInPlay),
    startDemoService: (apiKey) => {
      onKeyInPlay(apiKey)
      return startEmbeddedDemoService(apiKey)
    },
    logger,
    emitBatchProgress: (event) => push(EVENTS.batchProgress, event),
    ...(options.onFlushAnswer ? { onFlushAnswer: options.onFlushAnswer } : {}),
    ...(options.exportReport ? { exportReport: options.exportReport } : {}),
    emitServiceState: (state) => push(EVENTS.serviceState, state)
  })
  const dispatch = createDispatcher(core.handlers, {
    isTrustedSender: (source: { frame: unknown }) => source.frame === page.mainFrame(),
    logger
  })
  await page.exposeBinding('__marketInvoke', (source, channel: string, input: unknown) => {
    const operation = OPERATION_BY_CHANNEL.get(channel)
    if (!operation) throw new Error(`unknown channel ${channel}`)
    // A key typed in Settings and tested before saving is in play too: the sweep looks for it.
    const typedKey = operation === 'testConnection' ? draftKeyOf(input) : undefined
    if (typedKey) onKeyInPlay(typedKey)
    return dispatch(operation, source, input)
  })
  await page.addInitScript({ path: PAGE_BRIDGE_BUNDLE })
  return core
}

function draftKeyOf(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null || !('apiKey' in input)) return undefined
  const { apiKey } = input as { apiKey: unknown }
  return typeof apiKey === 'string' && apiKey.trim() ? apiKey.trim() : undefined
}

function watchedVault(vault: KeyVault, onKeyInPlay: (key: string) => void): KeyVault {
  return {
    ...vault,
    setKey: (key, persistence) => {
      onKeyInPlay(key)
      return vault.setKey(key, persistence)
    }
  }
}

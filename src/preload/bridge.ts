/**
 * Builds `window.market` from the operation table's channels: one method per operation, nothing
 * generic (no invoke, no send, no channel names, no process.env). Imports only channels.ts and
 * menu-actions.ts at run time, so the sandboxed preload bundles to one CJS file that requires nothing but `electron`.
 */
import { CHANNELS, EVENTS, MENU_EVENT, SAVE_FILE_CHANNEL } from '@shared/channels'
import type { Operation } from '@shared/channels'
import { isMenuAction } from '@shared/menu-actions'
import type { MenuAction } from '@shared/menu-actions'
import type { BatchProgressEvent } from '@shared/contract'
import type { MarketApi } from '@shared/operations'

export type Invoke = (channel: string, input: unknown) => Promise<unknown>
export type Subscribe = (event: string, listener: (payload: unknown) => void) => () => void

function isBatchProgressEvent(value: unknown): value is BatchProgressEvent {
  if (typeof value !== 'object' || value === null) return false
  const event = value as Record<string, unknown>
  return (
    typeof event['batchId'] === 'string' &&
    typeof event['done'] === 'number' &&
    typeof event['total'] === 'number'
  )
}

export interface BridgeOptions {
  /** The desktop app (not the browser harness): adds saveFile, the native save dialog. */
  desktop?: boolean
}

export function createMarketApi(
  invoke: Invoke,
  subscribe: Subscribe,
  options: BridgeOptions = {}
): MarketApi {
  const api: Record<string, unknown> = {}
  for (const operation of Object.keys(CHANNELS) as Operation[]) {
    const channel = CHANNELS[operation]
    api[operation] = (input?: unknown) => invoke(channel, input)
  }
  api['onBatchProgress'] = (listener: (event: BatchProgressEvent) => void) => {
    if (typeof listener !== 'function') throw new TypeError('onBatchProgress needs a function')
    return subscribe(EVENTS.batchProgress, (payload) => {
      if (isBatchProgressEvent(payload)) listener(payload)
    })
  }
  api['onMenuAction'] = (listener: (action: MenuAction) => void) => {
    if (typeof listener !== 'function') throw new TypeError('onMenuAction needs a function')
    // Only the menu's own actions get through; anything else on this event is dropped.
    return subscribe(MENU_EVENT, (payload) => {
      if (isMenuAction(payload)) listener(payload)
    })
  }
  if (options.desktop) {
    // Main validates the input and shows the dialog; the page gets { saved }, never a path.
    api['saveFile'] = (input: unknown) => invoke(SAVE_FILE_CHANNEL, input)
  }
  return Object.freeze(api) as MarketApi
}

/**
 * Builds `window.market` from the operation table's channels: one method per operation, nothing
 * generic (no invoke, no send, no channel names, no process.env). Imports only channels.ts and
 * menu-actions.ts at run time, so the sandboxed preload bundles to one CJS file that requires nothing but `electron`.
 */
import { CHANNELS, EVENTS, MENU_EVENT, SAVE_FILE_CHANNEL } from '@shared/channels'
import type { Operation } from '@shared/channels'
import { isMenuAction } from '@shared/menu-actions'
import type { BatchProgressEvent, FlushRequestEvent, ServiceState } from '@shared/contract'
import type { MarketApi } from '@shared/operations'

/** Its fields, when `value` is an object (the checks below read them); else undefined. */
const fieldsOf = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined

const isBatchItem = (value: unknown): boolean => {
  const item = fieldsOf(value)
  return typeof item?.['index'] === 'number' && fieldsOf(item['result']) !== undefined
}

/** A shape check only: the renderer validates each item's Result fully. */
function isBatchProgressEvent(value: unknown): value is BatchProgressEvent {
  const event = fieldsOf(value)
  const items = event?.['items']
  return (
    typeof event?.['batchId'] === 'string' &&
    typeof event['done'] === 'number' &&
    typeof event['total'] === 'number' &&
    (items === undefined || (Array.isArray(items) && items.every(isBatchItem)))
  )
}

/** A shape check only: the renderer validates the state fully (ServiceStateSchema). */
function isServiceState(value: unknown): value is ServiceState {
  const kind = fieldsOf(value)?.['kind']
  return kind === 'open' || kind === 'holding' || kind === 'paused' || kind === 'stopped'
}

const isFlushRequestEvent = (value: unknown): value is FlushRequestEvent =>
  typeof fieldsOf(value)?.['flushId'] === 'string'

/** Each event subscription, and the check a payload must pass to reach its listener. */
const SUBSCRIPTIONS = {
  onBatchProgress: [EVENTS.batchProgress, isBatchProgressEvent],
  onServiceState: [EVENTS.serviceState, isServiceState],
  onFlushRequest: [EVENTS.flushRequest, isFlushRequestEvent],
  // Only the menu's own actions get through; anything else on this event is dropped.
  onMenuAction: [MENU_EVENT, isMenuAction]
} as const

/** `desktop`: the desktop app (not the browser harness), which adds saveFile, the native dialog. */
export function createMarketApi(
  invoke: (channel: string, input: unknown) => Promise<unknown>,
  subscribe: (event: string, listener: (payload: unknown) => void) => () => void,
  options: { desktop?: boolean } = {}
): MarketApi {
  const api: Record<string, unknown> = {}
  for (const operation of Object.keys(CHANNELS) as Operation[]) {
    const channel = CHANNELS[operation]
    api[operation] = (input?: unknown) => invoke(channel, input)
  }
  for (const [name, [event, isEvent]] of Object.entries(SUBSCRIPTIONS)) {
    api[name] = (listener: (payload: unknown) => void): (() => void) => {
      if (typeof listener !== 'function') throw new TypeError(`${name} needs a function`)
      return subscribe(event, (payload) => {
        if (isEvent(payload)) listener(payload)
      })
    }
  }
  if (options.desktop) {
    // Main validates the input and shows the dialog; the page gets { saved }, never a path.
    api['saveFile'] = (input: unknown) => invoke(SAVE_FILE_CHANNEL, input)
  }
  return Object.freeze(api) as MarketApi
}

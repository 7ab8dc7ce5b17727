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

export type Invoke = (channel: string, input: unknown) => Promise<unknown>
export type Subscribe = (event: string, listener: (payload: unknown) => void) => () => void

/** A shape check only: the renderer validates an item's Result fully (BatchItemResultSchema). */
function isBatchProgressEvent(value: unknown): value is BatchProgressEvent {
  if (typeof value !== 'object' || value === null) return false
  const event = value as Record<string, unknown>
  return (
    typeof event['batchId'] === 'string' &&
    typeof event['done'] === 'number' &&
    typeof event['total'] === 'number' &&
    (event['items'] === undefined ||
      (Array.isArray(event['items']) && event['items'].every(isBatchItem)))
  )
}

function isBatchItem(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const item = value as Record<string, unknown>
  return (
    typeof item['index'] === 'number' &&
    typeof item['result'] === 'object' &&
    item['result'] !== null
  )
}

/** A shape check only: the renderer validates the state fully (ServiceStateSchema). */
function isServiceState(value: unknown): value is ServiceState {
  if (typeof value !== 'object' || value === null) return false
  const kind = (value as Record<string, unknown>)['kind']
  return kind === 'open' || kind === 'holding' || kind === 'paused' || kind === 'stopped'
}

function isFlushRequestEvent(value: unknown): value is FlushRequestEvent {
  if (typeof value !== 'object' || value === null) return false
  return typeof (value as Record<string, unknown>)['flushId'] === 'string'
}

/** One typed subscription per event channel: the listener only sees payloads of its shape. */
function subscriber<E>(
  subscribe: Subscribe,
  event: string,
  name: string,
  isEvent: (value: unknown) => value is E
) {
  return (listener: (event: E) => void): (() => void) => {
    if (typeof listener !== 'function') throw new TypeError(`${name} needs a function`)
    return subscribe(event, (payload) => {
      if (isEvent(payload)) listener(payload)
    })
  }
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
  api['onServiceState'] = subscriber(
    subscribe,
    EVENTS.serviceState,
    'onServiceState',
    isServiceState
  )
  api['onFlushRequest'] = subscriber(
    subscribe,
    EVENTS.flushRequest,
    'onFlushRequest',
    isFlushRequestEvent
  )
  // Only the menu's own actions get through; anything else on this event is dropped.
  api['onMenuAction'] = subscriber(subscribe, MENU_EVENT, 'onMenuAction', isMenuAction)
  if (options.desktop) {
    // Main validates the input and shows the dialog; the page gets { saved }, never a path.
    api['saveFile'] = (input: unknown) => invoke(SAVE_FILE_CHANNEL, input)
  }
  return Object.freeze(api) as MarketApi
}

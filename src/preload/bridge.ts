/**
 * Builds `window.market` from CHANNELS: one method per operation, nothing generic (no invoke,
 * no send, no channel names, no process.env). Imports only channels.ts at run time, so the
 * sandboxed preload bundles to one CJS file that requires nothing but `electron`.
 */
import { CHANNELS, EVENTS, OPERATIONS } from '@shared/channels'
import type { BatchProgressEvent, MarketApi } from '@shared/contract'

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

export function createMarketApi(invoke: Invoke, subscribe: Subscribe): MarketApi {
  const api: Record<string, unknown> = {}
  for (const operation of OPERATIONS) {
    const channel = CHANNELS[operation]
    api[operation] = (input?: unknown) => invoke(channel, input)
  }
  api['onBatchProgress'] = (listener: (event: BatchProgressEvent) => void) => {
    if (typeof listener !== 'function') throw new TypeError('onBatchProgress needs a function')
    return subscribe(EVENTS.batchProgress, (payload) => {
      if (isBatchProgressEvent(payload)) listener(payload)
    })
  }
  return Object.freeze(api) as MarketApi
}

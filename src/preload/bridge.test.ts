import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { CHANNELS, EVENTS, MENU_EVENT, SAVE_FILE_CHANNEL } from '@shared/channels'
import { MENU_ACTIONS } from '@shared/menu-actions'
import { OPERATION_NAMES } from '@shared/operations'
import { createMarketApi } from './bridge'

function setup(options: { desktop?: boolean } = {}) {
  const invoke = vi.fn((channel: string, input: unknown) =>
    Promise.resolve({ ok: true, data: { channel, input } })
  )
  const listeners = new Map<string, (payload: unknown) => void>()
  const unsubscribe = vi.fn()
  const subscribe = vi.fn((event: string, listener: (payload: unknown) => void) => {
    listeners.set(event, listener)
    return unsubscribe
  })
  return { api: createMarketApi(invoke, subscribe, options), invoke, listeners, unsubscribe }
}

describe('createMarketApi', () => {
  it('has exactly one method per operation plus its event subscriptions, and is frozen', () => {
    const { api } = setup()
    expect(Object.keys(api).sort()).toEqual(
      [
        ...OPERATION_NAMES,
        'onBatchProgress',
        'onServiceState',
        'onFlushRequest',
        'onMenuAction'
      ].sort()
    )
    expect(api).not.toHaveProperty('saveFile')
    expect(Object.isFrozen(api)).toBe(true)
    expect(api).not.toHaveProperty('invoke')
    expect(api).not.toHaveProperty('send')
  })

  it('sends each operation on its own channel with the input', async () => {
    const { api, invoke } = setup()
    await api.listLocations({ sector: 'land' })
    await api.getSettings()
    expect(invoke.mock.calls).toEqual([
      [CHANNELS.listLocations, { sector: 'land' }],
      [CHANNELS.getSettings, undefined]
    ])
    for (const operation of OPERATION_NAMES) {
      const method = api[operation] as (input?: unknown) => Promise<unknown>
      await method({})
      expect(invoke).toHaveBeenLastCalledWith(CHANNELS[operation], {})
    }
  })

  it('delivers well-formed batch progress only, and unsubscribes', () => {
    const { api, listeners, unsubscribe } = setup()
    const listener = vi.fn()
    const off = api.onBatchProgress(listener)
    const deliver = listeners.get(EVENTS.batchProgress)
    const items = [{ index: 1, result: { ok: true, data: { price: 1 } } }]
    deliver?.({ batchId: 'b', done: 1, total: 2 })
    deliver?.({ batchId: 'b', done: 2, total: 2, items })
    deliver?.({ batchId: 'b', done: 2, total: 2, items: [{ index: '1', result: {} }] })
    deliver?.({ batchId: 'b', done: 2, total: 2, items: [...items, { index: 1, result: null }] })
    deliver?.({ batchId: 'b', done: 2, total: 2, items: items[0] })
    deliver?.({ sender: 'ipc internals' })
    deliver?.(null)
    expect(listener.mock.calls).toEqual([
      [{ batchId: 'b', done: 1, total: 2 }],
      [{ batchId: 'b', done: 2, total: 2, items }]
    ])
    off()
    expect(unsubscribe).toHaveBeenCalled()
    expect(() => api.onBatchProgress('nope' as never)).toThrow(TypeError)
  })

  it('delivers well-formed service states and flush requests only, each on its own channel', () => {
    const { api, listeners } = setup()
    const states = vi.fn()
    const flushes = vi.fn()
    api.onServiceState(states)
    api.onFlushRequest(flushes)
    const held = {
      kind: 'holding',
      reason: 'rate-limited',
      waitMs: 3000,
      error: { code: 'RATE_LIMITED', message: 'Slow down.' }
    }
    listeners.get(EVENTS.serviceState)?.(held)
    listeners.get(EVENTS.serviceState)?.({ ...held, kind: 'anything' })
    listeners.get(EVENTS.serviceState)?.({ flushId: 'f-1' })
    listeners.get(EVENTS.flushRequest)?.({ flushId: 'f-1' })
    listeners.get(EVENTS.flushRequest)?.(held)
    expect(states.mock.calls).toEqual([[held]])
    expect(flushes.mock.calls).toEqual([[{ flushId: 'f-1' }]])
    expect(() => api.onServiceState('nope' as never)).toThrow(TypeError)
  })

  it('delivers the menu actions only, and unsubscribes', () => {
    const { api, listeners, unsubscribe } = setup()
    const listener = vi.fn()
    const off = api.onMenuAction(listener)
    const deliver = listeners.get(MENU_EVENT)
    for (const action of MENU_ACTIONS) deliver?.(action)
    for (const hostile of ['open-devtools', 'GO-EXPLORE', { action: 'go-explore' }, null, 1]) {
      deliver?.(hostile)
    }
    expect(listener.mock.calls).toEqual(MENU_ACTIONS.map((action) => [action]))
    off()
    expect(unsubscribe).toHaveBeenCalled()
    expect(() => api.onMenuAction(undefined as never)).toThrow(TypeError)
  })

  it('adds saveFile in the desktop app only, on its own channel', async () => {
    const { api, invoke } = setup({ desktop: true })
    expect(Object.isFrozen(api)).toBe(true)
    const input = { kind: 'csv', suggestedName: 'a.csv', bytes: new Uint8Array([65]) } as const
    await api.saveFile?.(input)
    expect(invoke).toHaveBeenLastCalledWith(SAVE_FILE_CHANNEL, input)
  })

  it('has one channel for each operation of the table, none shared', () => {
    expect(new Set(Object.values(CHANNELS)).size).toBe(OPERATION_NAMES.length)
    expect(Object.keys(CHANNELS).sort()).toEqual([...OPERATION_NAMES].sort())
  })

  it('imports nothing at run time but channels.ts and menu-actions.ts (type-only imports are erased)', () => {
    const source = readFileSync(join(__dirname, 'bridge.ts'), 'utf8')
    const runtimeImports = [...source.matchAll(/^import (?!type )[^\n]* from '([^']+)'/gm)].map(
      (match) => match[1]
    )
    expect(runtimeImports).toEqual(['@shared/channels', '@shared/menu-actions'])
  })
})

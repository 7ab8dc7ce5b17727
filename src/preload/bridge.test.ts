import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { CHANNELS, EVENTS, OPERATIONS } from '@shared/channels'
import { createMarketApi } from './bridge'

function setup() {
  const invoke = vi.fn((channel: string, input: unknown) =>
    Promise.resolve({ ok: true, data: { channel, input } })
  )
  const listeners = new Map<string, (payload: unknown) => void>()
  const unsubscribe = vi.fn()
  const subscribe = vi.fn((event: string, listener: (payload: unknown) => void) => {
    listeners.set(event, listener)
    return unsubscribe
  })
  return { api: createMarketApi(invoke, subscribe), invoke, listeners, unsubscribe }
}

describe('createMarketApi', () => {
  it('has exactly one method per operation plus onBatchProgress, and is frozen', () => {
    const { api } = setup()
    expect(Object.keys(api).sort()).toEqual([...OPERATIONS, 'onBatchProgress'].sort())
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
    for (const operation of OPERATIONS) {
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
    deliver?.({ batchId: 'b', done: 1, total: 2 })
    deliver?.({ sender: 'ipc internals' })
    deliver?.(null)
    expect(listener.mock.calls).toEqual([[{ batchId: 'b', done: 1, total: 2 }]])
    off()
    expect(unsubscribe).toHaveBeenCalled()
    expect(() => api.onBatchProgress('nope' as never)).toThrow(TypeError)
  })

  it('imports nothing at run time but channels.ts (type-only imports are erased)', () => {
    const source = readFileSync(join(__dirname, 'bridge.ts'), 'utf8')
    const runtimeImports = [...source.matchAll(/^import (?!type )[^\n]* from '([^']+)'/gm)].map(
      (match) => match[1]
    )
    expect(runtimeImports).toEqual(['@shared/channels'])
  })
})

import { beforeEach, describe, expect, it, vi } from 'vitest'
import { CHANNELS, EVENTS, MENU_EVENT } from '@shared/channels'
import type { MarketApi } from '@shared/operations'

const exposed = new Map<string, unknown>()
const ipcListeners = new Map<string, (...args: unknown[]) => void>()
const invoke = vi.fn((..._args: unknown[]) => Promise.resolve({ ok: true, data: null }))
const removeListener = vi.fn()

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (name: string, value: unknown) => exposed.set(name, value)
  },
  ipcRenderer: {
    invoke: (...args: unknown[]) => invoke(...args),
    on: (event: string, listener: (...args: unknown[]) => void) =>
      ipcListeners.set(event, listener),
    removeListener: (...args: unknown[]) => removeListener(...args)
  }
}))

beforeEach(async () => {
  exposed.clear()
  vi.resetModules()
  await import('./index')
})

describe('preload', () => {
  it('exposes only window.market', () => {
    expect([...exposed.keys()]).toEqual(['market'])
  })

  it('invokes over ipcRenderer and strips the IPC event from pushed events', async () => {
    const market = exposed.get('market') as MarketApi
    await market.getKeyStatus()
    expect(invoke).toHaveBeenCalledWith(CHANNELS.getKeyStatus, undefined)
    const listener = vi.fn()
    const off = market.onBatchProgress(listener)
    const ipcEvent = { sender: { send: () => undefined } }
    const items = [
      { index: 0, result: { ok: false, error: { code: 'NOT_FOUND', message: 'No.' } } }
    ]
    ipcListeners.get(EVENTS.batchProgress)?.(ipcEvent, { batchId: 'x', done: 1, total: 1, items })
    expect(listener).toHaveBeenCalledWith({ batchId: 'x', done: 1, total: 1, items })
    expect(listener.mock.calls[0]).toHaveLength(1)
    off()
    expect(removeListener).toHaveBeenCalledWith(EVENTS.batchProgress, expect.any(Function))
  })

  it('has saveFile (the native save dialog) in the app, and menu actions without the IPC event', async () => {
    const market = exposed.get('market') as MarketApi
    expect(typeof market.saveFile).toBe('function')
    const listener = vi.fn()
    market.onMenuAction(listener)
    ipcListeners.get(MENU_EVENT)?.({ sender: {} }, 'go-compare')
    expect(listener.mock.calls).toEqual([['go-compare']])
  })
})

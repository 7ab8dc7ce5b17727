import { describe, expect, it, vi } from 'vitest'
import { CHANNELS } from '@shared/channels'
import { OPERATION_NAMES } from '@shared/operations'
import type { Handlers } from '@shared/operations'
import { ok } from '@shared/result'
import type { Result } from '@shared/result'
import { createSenderCheck, registerHandlers } from './registry'
import type { SenderEvent } from './registry'

const RENDERER_URL = 'file:///app/out/renderer/index.html'
const isTrustedSender = createSenderCheck({
  rendererFileUrl: RENDERER_URL,
  devServerUrl: 'http://localhost:5173'
})

type Listener = (event: SenderEvent, ...args: unknown[]) => Promise<unknown>

function setup(overrides: Partial<Record<keyof Handlers, () => Promise<unknown>>> = {}) {
  const listeners = new Map<string, Listener>()
  const ipcMain = {
    handle: (channel: string, listener: Listener) => {
      if (listeners.has(channel)) throw new Error(`duplicate ${channel}`)
      listeners.set(channel, listener)
    },
    removeHandler: (channel: string) => listeners.delete(channel)
  }
  const calls: { operation: string; input: unknown }[] = []
  const handlers = Object.fromEntries(
    OPERATION_NAMES.map((operation) => [
      operation,
      vi.fn((input: unknown) => {
        calls.push({ operation, input })
        return overrides[operation]?.() ?? Promise.resolve(ok({ handled: operation }))
      })
    ])
  ) as unknown as Handlers
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }
  const unregister = registerHandlers(ipcMain, handlers, { isTrustedSender, logger })
  const invoke = (channel: string, input: unknown, event: SenderEvent = topFrame(RENDERER_URL)) => {
    const listener = listeners.get(channel)
    if (!listener) throw new Error(`no handler for ${channel}`)
    return listener(event, input) as Promise<Result<unknown>>
  }
  return { listeners, calls, invoke, unregister, logger }
}

function topFrame(url: string): SenderEvent {
  return { senderFrame: { url, parent: null } }
}

const validLocations = { sector: 'residential' }

describe('registerHandlers', () => {
  it('registers every CHANNELS entry once, and unregisters them', () => {
    const { listeners, unregister } = setup()
    expect([...listeners.keys()].sort()).toEqual(Object.values(CHANNELS).sort())
    unregister()
    expect(listeners.size).toBe(0)
  })

  it('passes validated (normalised) input to the handler and returns its Result', async () => {
    const { invoke, calls } = setup()
    const reply = await invoke(CHANNELS.getLandPrice, { location: 'ikoyi', countryCode: 'ng' })
    expect(reply).toEqual({ ok: true, data: { handled: 'getLandPrice' } })
    expect(calls).toEqual([
      { operation: 'getLandPrice', input: { location: 'ikoyi', countryCode: 'NG' } }
    ])
    expect(await invoke(CHANNELS.getSettings, undefined)).toMatchObject({ ok: true })
    expect(await invoke(CHANNELS.setApiKey, { key: ' sk-key-1 ' })).toMatchObject({ ok: true })
    expect(calls.at(-1)?.input).toEqual({ key: 'sk-key-1', persistence: 'persistent' })
  })

  it('refuses a foreign origin, a subframe and a missing frame without calling the handler', async () => {
    const { invoke, calls, logger } = setup()
    const foreign = [
      topFrame('https://evil.example.com/'),
      topFrame('file:///tmp/other.html'),
      topFrame('http://localhost:4444/'),
      { senderFrame: { url: RENDERER_URL, parent: { url: RENDERER_URL } } },
      { senderFrame: null }
    ]
    for (const event of foreign) {
      const reply = await invoke(CHANNELS.listLocations, validLocations, event)
      expect(reply.ok).toBe(false)
      if (!reply.ok) expect(reply.error.code).toBe('FORBIDDEN')
      if (!reply.ok) expect(reply.error.message).toContain('refused')
    }
    expect(calls).toEqual([])
    expect(logger.warn).toHaveBeenCalledTimes(foreign.length)
    const dev = await invoke(
      CHANNELS.listLocations,
      validLocations,
      topFrame('http://localhost:5173/')
    )
    expect(dev.ok).toBe(true)
  })

  it('answers INVALID_INPUT naming each bad field', async () => {
    const { invoke, calls } = setup()
    const reply = await invoke(CHANNELS.getResidentialPrice, {
      location: 'Not A Slug',
      countryCode: 'NGA',
      type: 'lease',
      beds: '3',
      extra: 1
    })
    expect(reply.ok).toBe(false)
    if (reply.ok) return
    expect(reply.error.code).toBe('INVALID_INPUT')
    for (const field of ['location', 'countryCode', 'type', 'extra']) {
      expect(reply.error.message).toContain(field)
    }
    expect(reply.error.message).not.toContain('beds')
    const growth = await invoke(CHANNELS.getGrowth, {
      location: 'ikoyi',
      countryCode: 'NG',
      sector: 'residential'
    })
    expect(!growth.ok && growth.error.message).toMatch(/type.*beds/)
    const batch = await invoke(CHANNELS.batchLookup, {
      batchId: 'b1',
      items: [{ kind: 'landPrice', location: 'ikoyi', countryCode: 'N' }]
    })
    expect(!batch.ok && batch.error.message).toContain('items.0.countryCode')
    // A batch item follows its single lookup's rules: residential growth needs type and beds.
    const growthItem = await invoke(CHANNELS.batchLookup, {
      batchId: 'b2',
      items: [
        { kind: 'landPrice', location: 'ikoyi', countryCode: 'NG' },
        { kind: 'growth', location: 'ikoyi', countryCode: 'NG', sector: 'residential' }
      ]
    })
    expect(growthItem).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } })
    expect(!growthItem.ok && growthItem.error.message).toMatch(/items\.1\.type.*items\.1\.beds/)
    expect(await invoke(CHANNELS.getSettings, { sneaky: true })).toMatchObject({ ok: false })
    expect(await invoke(CHANNELS.listLocations, 'residential')).toMatchObject({ ok: false })
    for (const key of ['sk-live-\u0000abcdef', 'sk-live-ключ-123', '1']) {
      const refused = await invoke(CHANNELS.setApiKey, { key, persistence: 'session' })
      expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } })
      expect(!refused.ok && refused.error.message).toMatch(
        /^Invalid input: key: The API key .*[^.]\.$/
      )
    }
    expect(calls).toEqual([])
  })

  it('turns a throwing or rejecting handler into an INTERNAL Result', async () => {
    const { invoke, logger } = setup({
      listLocations: () => {
        throw new Error('secret detail /home/user/key')
      },
      getGrowth: () => Promise.reject(new TypeError('boom'))
    })
    const thrown = await invoke(CHANNELS.listLocations, validLocations)
    expect(thrown.ok).toBe(false)
    if (thrown.ok) return
    expect(thrown.error.code).toBe('INTERNAL')
    expect(thrown.error.message).not.toContain('secret detail')
    const rejected = await invoke(CHANNELS.getGrowth, {
      location: 'ikoyi',
      countryCode: 'NG',
      sector: 'land'
    })
    expect(rejected).toMatchObject({ ok: false, error: { code: 'INTERNAL' } })
    expect(logger.error).toHaveBeenCalledTimes(2)
    expect(JSON.stringify(logger.error.mock.calls)).not.toContain('secret detail')
  })

  it('survives a sender check that throws', async () => {
    const listeners = new Map<string, Listener>()
    const ipcMain = {
      handle: (channel: string, listener: Listener) => void listeners.set(channel, listener),
      removeHandler: () => undefined
    }
    const handlers = {} as Handlers
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }
    registerHandlers(ipcMain, handlers, {
      isTrustedSender: () => {
        throw new Error('destroyed')
      },
      logger
    })
    const reply = await listeners.get(CHANNELS.getSettings)?.(topFrame(RENDERER_URL))
    expect(reply).toMatchObject({ ok: false, error: { code: 'INTERNAL' } })
  })
})

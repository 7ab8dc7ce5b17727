import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import type { BrowserWindow } from 'electron'
import { EVENTS } from '@shared/channels'
import { guardWindowClose, isReloadShortcut } from './close-guard'

function fakeWindow() {
  const contents = Object.assign(new EventEmitter(), {
    send: vi.fn(),
    reload: vi.fn(),
    isDestroyed: () => false,
    isCrashed: () => false
  })
  const window = Object.assign(new EventEmitter(), {
    webContents: contents,
    isDestroyed: () => false,
    close: vi.fn()
  })
  return { window, contents, asWindow: window as unknown as BrowserWindow }
}

const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }
const keyDown = { type: 'keyDown', control: false, meta: false } as const

describe('window flush glue', () => {
  it('knows the reload keys', () => {
    expect(isReloadShortcut({ ...keyDown, key: 'F5' })).toBe(true)
    expect(isReloadShortcut({ ...keyDown, key: 'r', control: true })).toBe(true)
    expect(isReloadShortcut({ ...keyDown, key: 'R', meta: true })).toBe(true)
    expect(isReloadShortcut({ ...keyDown, key: 'r' })).toBe(false)
    expect(isReloadShortcut({ ...keyDown, type: 'keyUp', key: 'F5' })).toBe(false)
  })

  it('a reload key asks for a flush first and reloads on the answer', () => {
    const { contents, asWindow } = fakeWindow()
    const guard = guardWindowClose(asWindow, { logger })
    const event = { preventDefault: vi.fn() }
    contents.emit('before-input-event', event, { ...keyDown, key: 'F5' })
    expect(event.preventDefault).toHaveBeenCalled()
    const [channel, request] = contents.send.mock.calls[0] as [string, { flushId: string }]
    expect(channel).toBe(EVENTS.flushRequest)
    expect(contents.reload).not.toHaveBeenCalled()
    expect(guard.answer(request.flushId)).toBe(true)
    expect(contents.reload).toHaveBeenCalledTimes(1)
  })

  it('a close is held until the answer, then the window is closed once', () => {
    const { window, contents, asWindow } = fakeWindow()
    const guard = guardWindowClose(asWindow, { logger })
    const first = { preventDefault: vi.fn() }
    window.emit('close', first)
    expect(first.preventDefault).toHaveBeenCalled()
    const [, request] = contents.send.mock.calls[0] as [string, { flushId: string }]
    guard.answer(request.flushId)
    expect(window.close).toHaveBeenCalledTimes(1)
    const second = { preventDefault: vi.fn() }
    window.emit('close', second)
    expect(second.preventDefault).not.toHaveBeenCalled()
  })
})

import { EventEmitter } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CHANNELS, EVENTS, SAVE_FILE_CHANNEL } from '@shared/channels'
import { errorEnvelope, startFaultServer } from '../../test/support/client/fault-server'
import { urlOfLoadURL } from '../../test/support/electron/loaded-url'

const state = vi.hoisted(() => ({
  lock: true,
  userData: '',
  handlers: new Map<string, (...args: unknown[]) => Promise<unknown>>(),
  windows: [] as {
    options: Record<string, unknown>
    webContents: { send: unknown }
    loadFile: ReturnType<typeof vi.fn>
    loadURL: ReturnType<typeof vi.fn<(url: string) => Promise<void>>>
  }[],
  menu: undefined as unknown,
  app: undefined as unknown as {
    emit(name: string, ...args: unknown[]): boolean
    removeAllListeners(): void
    quit: ReturnType<typeof vi.fn>
  }
}))

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events')
  const app = Object.assign(new Emitter(), {
    isPackaged: true,
    name: 'Market Explorer',
    getVersion: () => '0.1.0',
    getAppPath: () => '/app',
    quit: vi.fn(),
    exit: vi.fn(),
    enableSandbox: vi.fn(),
    requestSingleInstanceLock: () => state.lock,
    getPath: () => state.userData,
    whenReady: () => Promise.resolve()
  })
  state.app = app
  class BrowserWindow extends Emitter {
    webContents = Object.assign(new Emitter(), {
      send: vi.fn(),
      isDestroyed: () => false,
      isCrashed: () => false,
      reload: vi.fn()
    })
    close = vi.fn(() => this.emit('close', { preventDefault: vi.fn() }))
    constructor(public options: Record<string, unknown>) {
      super()
      state.windows.push(this)
    }
    loadFile = vi.fn(() => Promise.resolve())
    loadURL = vi.fn((_url: string) => Promise.resolve())
    isDestroyed = () => false
    isMinimized = () => false
    isMaximized = () => true
    maximize = vi.fn()
    getNormalBounds = () => ({ x: 40, y: 30, width: 1100, height: 700 })
    restore = vi.fn()
    focus = vi.fn()
    show = vi.fn()
  }
  const module = {
    app,
    BrowserWindow,
    ipcMain: {
      on: vi.fn(),
      handle: (channel: string, listener: (...args: unknown[]) => Promise<unknown>) =>
        state.handlers.set(channel, listener),
      removeHandler: (channel: string) => state.handlers.delete(channel)
    },
    safeStorage: {
      isEncryptionAvailable: () => false,
      encryptString: () => Buffer.from(''),
      decryptString: () => ''
    },
    session: { defaultSession: {} },
    Menu: {
      buildFromTemplate: (template: unknown) => template,
      setApplicationMenu: (menu: unknown) => {
        state.menu = menu
      }
    },
    screen: {
      getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }],
      getPrimaryDisplay: () => ({ workArea: { x: 0, y: 0, width: 1920, height: 1040 } })
    },
    shell: { openPath: vi.fn(() => Promise.resolve('')) },
    dialog: { showMessageBox: vi.fn(), showSaveDialog: vi.fn() }
  }
  // electron-store imports the default export.
  return { ...module, default: module }
})

const flush = () => new Promise((resolve) => setTimeout(resolve, 10))

/** The URL Electron reports for the window's page: what main asked it to load, canonicalised. */
function pageUrl(window = state.windows[0]): string {
  const [url] = window?.loadURL.mock.calls[0] ?? []
  if (url === undefined) throw new Error('the window loaded nothing with loadURL')
  return urlOfLoadURL(url)
}

beforeEach(() => {
  state.userData = mkdtempSync(join(tmpdir(), 'market-main-'))
  state.handlers.clear()
  state.windows.length = 0
  // The mocked electron module outlives resetModules: drop the previous run's listeners.
  state.app?.removeAllListeners()
  vi.resetModules()
})
afterEach(() => {
  rmSync(state.userData, { recursive: true, force: true })
})

async function startMain() {
  await import('./index')
  await flush()
  const window = state.windows[0]
  if (!window) throw new Error('no window created')
  return window
}

describe('main process lifecycle', () => {
  it('quits at once when another instance holds the lock', async () => {
    state.lock = false
    await import('./index')
    await flush()
    expect(state.app.quit).toHaveBeenCalled()
    expect(state.handlers.size).toBe(0)
    state.lock = true
  })

  it('registers every channel and opens one sandboxed window', async () => {
    const window = await startMain()
    expect([...state.handlers.keys()].sort()).toEqual(
      [...Object.values(CHANNELS), SAVE_FILE_CHANNEL].sort()
    )
    expect(window.options['webPreferences']).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true
    })
    expect(String((window.options['webPreferences'] as { preload: string }).preload)).toMatch(
      /preload[\\/]index\.cjs$/
    )
  })

  it('opens the built page by the URL the sender check trusts, not with loadFile', async () => {
    const window = await startMain()
    expect(window.loadFile).not.toHaveBeenCalled()
    const [url] = window.loadURL.mock.calls[0] ?? []
    expect(fileURLToPath(url ?? '')).toBe(join(__dirname, '../renderer/index.html'))
  })

  it('answers our window and refuses any other sender', async () => {
    const window = await startMain()
    const getSettings = state.handlers.get(CHANNELS.getSettings)
    const rendererUrl = pageUrl(window)
    const ours = { sender: window.webContents, senderFrame: { url: rendererUrl, parent: null } }
    expect(await getSettings?.(ours, undefined)).toMatchObject({ ok: true })
    const otherContents = { ...ours, sender: { send: vi.fn() } }
    expect(await getSettings?.(otherContents, undefined)).toMatchObject({ ok: false })
    const subframe = { ...ours, senderFrame: { url: rendererUrl, parent: {} } }
    expect(await getSettings?.(subframe, undefined)).toMatchObject({ ok: false })
  })

  it('installs the application menu, without Reload or DevTools in a packaged build', async () => {
    await startMain()
    const roles = JSON.stringify(state.menu)
    expect(roles).toMatch(/"&?Go"/)
    expect(roles).not.toMatch(/reload|toggleDevTools/i)
  })

  it('opens where it was closed last time, at least 960×600, and saves that on close', async () => {
    const first = await startMain()
    expect(first.options).toMatchObject({ width: 1280, height: 820, minWidth: 960, minHeight: 600 })
    ;(first as unknown as { emit(name: string, event: unknown): void }).emit('close', {
      preventDefault: vi.fn()
    })
    const saved = JSON.parse(readFileSync(join(state.userData, 'settings.json'), 'utf8')) as {
      windowState: unknown
    }
    expect(saved.windowState).toEqual({ x: 40, y: 30, width: 1100, height: 700, maximized: true })

    state.windows.length = 0
    state.app.removeAllListeners()
    vi.resetModules()
    const second = await startMain()
    expect(second.options).toMatchObject({ x: 40, y: 30, width: 1100, height: 700 })
    ;(second as unknown as { emit(name: string): void }).emit('ready-to-show')
    expect(
      (second as unknown as { maximize: ReturnType<typeof vi.fn> }).maximize
    ).toHaveBeenCalled()
  })

  it('hardens every new webContents', async () => {
    await startMain()
    const contents = Object.assign(new EventEmitter(), {
      setWindowOpenHandler: vi.fn(),
      session: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() }
    })
    state.app.emit('web-contents-created', {}, contents)
    expect(contents.setWindowOpenHandler).toHaveBeenCalled()
    expect(contents.listenerCount('will-navigate')).toBe(1)
    expect(contents.session.setPermissionRequestHandler).toHaveBeenCalled()
  })

  it('a close first asks the page to flush, and closes once the page answered', async () => {
    const window = (await startMain()) as unknown as EventEmitter & {
      close: ReturnType<typeof vi.fn>
      webContents: { send: ReturnType<typeof vi.fn> }
    }
    const first = { preventDefault: vi.fn() }
    window.emit('close', first)
    expect(first.preventDefault).toHaveBeenCalled()
    const [channel, request] = window.webContents.send.mock.calls.at(-1) as [
      string,
      { flushId: string }
    ]
    expect(channel).toBe(EVENTS.flushRequest)
    expect(window.close).not.toHaveBeenCalled()
    const answerFlush = state.handlers.get(CHANNELS.answerFlush)
    const ours = {
      sender: window.webContents,
      senderFrame: { url: pageUrl(), parent: null }
    }
    const answer = { flushId: request.flushId, written: 2, failed: 0 }
    expect(await answerFlush?.(ours, answer)).toMatchObject({ ok: true, data: { accepted: true } })
    expect(window.close).toHaveBeenCalledTimes(1)
    // The guard's own close went through: a late second answer changes nothing.
    expect(await answerFlush?.(ours, answer)).toMatchObject({ ok: true, data: { accepted: false } })
    expect(window.close).toHaveBeenCalledTimes(1)
  })

  it('disposes the core before quitting', async () => {
    await startMain()
    state.app.quit.mockClear()
    const event = { preventDefault: vi.fn() }
    state.app.emit('before-quit', event)
    expect(event.preventDefault).toHaveBeenCalled()
    await flush()
    expect(state.app.quit).toHaveBeenCalledTimes(1)
    const again = { preventDefault: vi.fn() }
    state.app.emit('before-quit', again)
    expect(again.preventDefault).not.toHaveBeenCalled()
  })

  it("tells the window each change of the service's quota guard, validated", async () => {
    const service = await startFaultServer()
    service.setDefault(errorEnvelope(402, 'Plan used up'))
    try {
      const window = (await startMain()) as unknown as {
        webContents: { send: ReturnType<typeof vi.fn> }
      }
      const ours = { sender: window.webContents, senderFrame: { url: pageUrl(), parent: null } }
      const call = (channel: string, input?: unknown) => state.handlers.get(channel)?.(ours, input)
      await call(CHANNELS.updateSettings, { connectionMode: 'remote', baseUrl: service.origin })
      await call(CHANNELS.setApiKey, { key: 'sk-main-quota-key-1', persistence: 'session' })
      const input = { location: 'ikoyi', countryCode: 'NG', type: 'sale', beds: '3' }
      expect(await call(CHANNELS.getResidentialPrice, input)).toMatchObject({
        ok: false,
        error: { code: 'QUOTA' }
      })
      const told = window.webContents.send.mock.calls.filter(
        ([channel]) => channel === EVENTS.serviceState
      )
      expect(told).toMatchObject([
        [EVENTS.serviceState, { kind: 'stopped', error: { code: 'QUOTA' } }]
      ])
      expect(await call(CHANNELS.resumeService)).toEqual({ ok: true, data: { kind: 'open' } })
      expect(window.webContents.send).toHaveBeenLastCalledWith(EVENTS.serviceState, {
        kind: 'open'
      })
      expect(service.hits).toHaveLength(1)
    } finally {
      await service.close()
    }
  })
})

import { EventEmitter } from 'node:events'
import type { WebContents } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { devContentSecurityPolicy } from './csp'
import { hardenWebContents } from './harden'
import { isRendererUrl } from './renderer-location'
import { createWindowOptions } from './window-state'

const RENDERER = { rendererFileUrl: 'file:///opt/market/resources/app/out/renderer/index.html' }
const DEV = { ...RENDERER, devServerUrl: 'http://localhost:5173/' }

type Handler = (...args: unknown[]) => unknown

/** Enough of a WebContents to observe what hardening installs. */
function fakeContents() {
  const events = new EventEmitter()
  const session = {
    requestHandler: undefined as Handler | undefined,
    checkHandler: undefined as Handler | undefined,
    setPermissionRequestHandler(handler: Handler) {
      session.requestHandler = handler
    },
    setPermissionCheckHandler(handler: Handler) {
      session.checkHandler = handler
    }
  }
  let openHandler: ((details: { url: string }) => { action: string }) | undefined
  const contents = {
    on: (name: string, listener: Handler) => events.on(name, listener),
    setWindowOpenHandler: (handler: typeof openHandler) => {
      openHandler = handler
    },
    session
  }
  const warnings: Array<{ message: string; fields: unknown }> = []
  const logger = {
    info: () => undefined,
    warn: (message: string, fields?: unknown) => warnings.push({ message, fields }),
    error: () => undefined
  }
  hardenWebContents(contents as unknown as WebContents, { renderer: DEV, logger })
  const navigate = (name: string, url: string): boolean => {
    const event = { url, defaultPrevented: false, preventDefault: () => undefined }
    event.preventDefault = () => {
      event.defaultPrevented = true
    }
    events.emit(name, event, url)
    return event.defaultPrevented
  }
  return { events, session, warnings, navigate, open: (url: string) => openHandler?.({ url }) }
}

describe('createWindowOptions', () => {
  it('turns on every isolation setting and off everything risky', () => {
    const { webPreferences } = createWindowOptions({ preloadPath: '/app/out/preload/index.cjs' })
    expect(webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
      devTools: false
    })
  })

  it('allows DevTools only when asked (development builds), and never below 960×600', () => {
    const dev = createWindowOptions({ preloadPath: '/p.cjs', devTools: true })
    expect(dev.webPreferences?.devTools).toBe(true)
    expect(dev).toMatchObject({ minWidth: 960, minHeight: 600 })
  })
})

describe('hardenWebContents', () => {
  it('blocks navigation and redirects away from the renderer', () => {
    const { navigate } = fakeContents()
    expect(navigate('will-navigate', 'https://evil.example.com/')).toBe(true)
    expect(navigate('will-navigate', 'file:///etc/passwd')).toBe(true)
    expect(navigate('will-redirect', 'http://localhost:9999/')).toBe(true)
    expect(navigate('will-navigate', 'http://localhost:5173/?reload=1')).toBe(false)
    expect(navigate('will-navigate', RENDERER.rendererFileUrl + '#/settings')).toBe(false)
  })

  it('denies every new window and logs only its scheme and host', () => {
    const { open, warnings } = fakeContents()
    for (const url of [
      'https://docs.example.com/help?token=abc',
      'http://docs.example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url'
    ]) {
      expect(open(url)).toEqual({ action: 'deny' })
    }
    expect(warnings.map((warning) => warning.fields)).toEqual([
      { url: 'https://docs.example.com' },
      { url: 'http://docs.example.com' },
      { url: 'file:' },
      { url: 'javascript:' },
      { url: '(invalid URL)' }
    ])
    expect(JSON.stringify(warnings)).not.toContain('token=abc')
  })

  it('blocks webviews', () => {
    const { events } = fakeContents()
    const event = { preventDefault: vi.fn() }
    events.emit('will-attach-webview', event, {}, {})
    expect(event.preventDefault).toHaveBeenCalled()
  })

  it('denies every permission request and check', () => {
    const { session } = fakeContents()
    const callback = vi.fn()
    session.requestHandler?.({}, 'media', callback, {})
    session.requestHandler?.({}, 'notifications', callback, {})
    expect(callback.mock.calls).toEqual([[false], [false]])
    expect(session.checkHandler?.({}, 'clipboard-read', 'file://', {})).toBe(false)
  })
})

describe('isRendererUrl', () => {
  it('matches our index.html or the dev origin only', () => {
    expect(isRendererUrl(RENDERER.rendererFileUrl, RENDERER)).toBe(true)
    expect(isRendererUrl('file:///opt/market/other.html', RENDERER)).toBe(false)
    expect(isRendererUrl('http://localhost:5173/', RENDERER)).toBe(false)
    expect(isRendererUrl('http://localhost:5173/src/main.tsx', DEV)).toBe(true)
    expect(isRendererUrl('http://127.0.0.1:5173/', DEV)).toBe(false)
    expect(isRendererUrl('garbage', DEV)).toBe(false)
  })
})

describe('devContentSecurityPolicy', () => {
  it('allows the dev server websocket and still forbids objects and framing', () => {
    const policy = devContentSecurityPolicy('http://localhost:5173/')
    expect(policy).toContain("connect-src 'self' ws://localhost:5173")
    expect(policy).toContain("object-src 'none'")
    expect(policy).toContain("frame-ancestors 'none'")
  })
})

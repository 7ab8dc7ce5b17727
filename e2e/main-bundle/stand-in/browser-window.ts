/**
 * The stand-in's BrowserWindow and webContents: a window opens its page the way Electron does
 * (the URL as Chromium keeps it, the file that URL names, the preload run in a sandbox), closes
 * through the preventable `close` event, and records what main did with it.
 */
import { EventEmitter } from 'node:events'
import { existsSync } from 'node:fs'
import { urlOfLoadFile, urlOfLoadURL } from '../../../test/support/electron/loaded-url'
import type { StandInApp } from './app'
import { preventableEvent } from './events'
import type { StandInIpcMain } from './ipc-main'
import { runPreload } from './page'
import type { Page } from './page'

export interface WindowOptions {
  show?: boolean
  icon?: string
  x?: number
  y?: number
  width?: number
  height?: number
  webPreferences?: {
    preload?: string
    sandbox?: boolean
    contextIsolation?: boolean
    nodeIntegration?: boolean
  }
  [option: string]: unknown
}

export interface Frame {
  readonly url: string
  readonly parent: Frame | null
}

type OpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' }
type PermissionHandler = (...args: unknown[]) => unknown

/**
 * The file Chromium reads for a file: URL: valid %XX escapes decoded as UTF-8, anything else as
 * it is (net::FileURLToFilePath). Undefined for a URL that is not a local file.
 */
export function fileOfUrl(url: string): string | undefined {
  const parsed = new URL(url)
  if (parsed.protocol !== 'file:' || (parsed.host !== '' && parsed.host !== 'localhost')) {
    return undefined
  }
  const bytes: number[] = []
  const path = parsed.pathname
  for (let index = 0; index < path.length; index += 1) {
    const hex = path.slice(index + 1, index + 3)
    if (path[index] === '%' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      index += 2
    } else {
      bytes.push(...Buffer.from(path[index] ?? '', 'utf8'))
    }
  }
  const decoded = Buffer.from(bytes).toString('utf8')
  return process.platform === 'win32'
    ? decoded.replace(/^\/([A-Za-z]:)/, '$1').replace(/\//g, '\\')
    : decoded
}

let nextId = 1

export class StandInWebContents extends EventEmitter {
  readonly id = nextId++
  readonly record = {
    sent: [] as { channel: string; args: unknown[] }[],
    openHandler: undefined as OpenHandler | undefined,
    permissionRequestHandler: undefined as PermissionHandler | undefined,
    permissionCheckHandler: undefined as PermissionHandler | undefined,
    /** The URLs main asked for, before Chromium canonicalised them. */
    requested: [] as string[],
    /** Why the last load failed (a missing file). */
    loadFailure: undefined as string | undefined
  }
  readonly session = {
    setPermissionRequestHandler: (handler: PermissionHandler) => {
      this.record.permissionRequestHandler = handler
    },
    setPermissionCheckHandler: (handler: PermissionHandler) => {
      this.record.permissionCheckHandler = handler
    }
  }
  page: Page | undefined
  private url = ''
  private destroyed = false
  readonly mainFrame: Frame

  constructor(
    private readonly owner: { app: StandInApp; ipcMain: StandInIpcMain },
    private readonly preloadPath: string | undefined
  ) {
    super()
    const url = (): string => this.url
    this.mainFrame = {
      get url() {
        return url()
      },
      parent: null
    }
  }

  getURL(): string {
    return this.url
  }

  loadURL(url: string): Promise<void> {
    this.record.requested.push(url)
    this.url = urlOfLoadURL(url)
    return this.open()
  }

  loadFile(filePath: string): Promise<void> {
    this.record.requested.push(filePath)
    this.url = urlOfLoadFile(filePath, this.owner.app.getAppPath())
    return this.open()
  }

  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed')
    this.record.sent.push({ channel, args: structuredClone(args) })
    const page = this.page
    if (page) setImmediate(() => page.deliver(channel, args))
  }

  setWindowOpenHandler(handler: OpenHandler): void {
    this.record.openHandler = handler
  }

  reload(): void {
    void this.open()
  }

  isDestroyed(): boolean {
    return this.destroyed
  }

  isCrashed(): boolean {
    return false
  }

  destroy(): void {
    if (this.destroyed) return
    this.page = undefined
    this.destroyed = true
    this.emit('destroyed')
  }

  /** An `ipcRenderer.invoke` from this page's top frame. */
  invokeFromPage(channel: string, args: readonly unknown[]): Promise<unknown> {
    const event = { sender: this, senderFrame: this.mainFrame, frameId: 1, processId: this.id }
    return this.owner.ipcMain.invoke(channel, event, args)
  }

  private async open(): Promise<void> {
    const file = fileOfUrl(this.url)
    if (file !== undefined && !existsSync(file)) {
      this.record.loadFailure = `ERR_FILE_NOT_FOUND (-6) loading '${this.url}'`
      this.emit('did-fail-load', preventableEvent(), -6, 'ERR_FILE_NOT_FOUND', this.url, true)
      throw new Error(this.record.loadFailure)
    }
    this.page =
      this.preloadPath === undefined
        ? undefined
        : runPreload(this.preloadPath, {
            invoke: (channel, args) => this.invokeFromPage(channel, args)
          })
    await new Promise((resolve) => setImmediate(resolve))
    this.emit('did-finish-load', preventableEvent())
  }
}

export class StandInBrowserWindow extends EventEmitter {
  static readonly all: StandInBrowserWindow[] = []
  static owner: { app: StandInApp; ipcMain: StandInIpcMain } | undefined

  static getAllWindows(): StandInBrowserWindow[] {
    return [...StandInBrowserWindow.all]
  }

  readonly webContents: StandInWebContents
  readonly record = { shown: false, maximized: false, closeAttempts: 0 }
  private destroyed = false
  private readonly owner: { app: StandInApp; ipcMain: StandInIpcMain }

  constructor(readonly options: WindowOptions = {}) {
    super()
    const owner = StandInBrowserWindow.owner
    if (!owner) throw new Error('the stand-in electron was not configured before use')
    if (!owner.app.isReady()) throw new Error('Cannot create BrowserWindow before app is ready')
    this.owner = owner
    const preload = options.webPreferences?.preload
    if (preload !== undefined && !existsSync(preload)) {
      throw new Error(`the preload script does not exist: ${preload}`)
    }
    this.webContents = new StandInWebContents(owner, preload)
    StandInBrowserWindow.all.push(this)
    owner.app.emit('web-contents-created', preventableEvent(), this.webContents)
    owner.app.emit('browser-window-created', preventableEvent(), this)
    this.webContents.on('did-finish-load', () => {
      if (!this.record.shown) setImmediate(() => this.emit('ready-to-show'))
    })
  }

  loadURL(url: string): Promise<void> {
    return this.webContents.loadURL(url)
  }

  loadFile(filePath: string): Promise<void> {
    return this.webContents.loadFile(filePath)
  }

  show(): void {
    this.record.shown = true
  }

  focus(): void {}

  restore(): void {}

  maximize(): void {
    this.record.maximized = true
  }

  isMaximized(): boolean {
    return this.record.maximized
  }

  isMinimized(): boolean {
    return false
  }

  isDestroyed(): boolean {
    return this.destroyed
  }

  getNormalBounds(): { x: number; y: number; width: number; height: number } {
    const { x = 0, y = 0, width = 800, height = 600 } = this.options
    return { x, y, width, height }
  }

  /** Like the close button: `close` first (preventable), later, as Electron posts it. */
  close(): void {
    if (this.destroyed) return
    setImmediate(() => {
      if (this.destroyed) return
      this.record.closeAttempts += 1
      const event = preventableEvent()
      this.emit('close', event)
      if (event.defaultPrevented) this.owner.app.windowCloseCancelled()
      else this.destroy()
    })
  }

  /** Closes at once, without `close`. */
  destroy(): void {
    if (this.destroyed) return
    this.destroyed = true
    this.webContents.destroy()
    StandInBrowserWindow.all.splice(StandInBrowserWindow.all.indexOf(this), 1)
    this.emit('closed')
    this.owner.app.windowClosed()
  }
}

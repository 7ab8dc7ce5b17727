/**
 * The stand-in's `app`: Electron's lifecycle as main sees it (ready, the quit sequence, paths,
 * the name and version read from the app's package.json) and a record of what main asked.
 */
import { EventEmitter } from 'node:events'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { preventableEvent } from './events'

export interface StandInConfig {
  /** `app.getAppPath()`: the folder (or extracted asar) holding the app's package.json. */
  appPath: string
  isPackaged: boolean
  /** `process.resourcesPath`. */
  resourcesPath: string
  /** Where `app.getPath()` folders live (appData, documents, downloads, temp, home). */
  pathsRoot: string
  /** `process.versions.electron`. */
  electronVersion: string
}

interface AppManifest {
  name?: string
  productName?: string
  version?: string
}

/** What closing windows needs from the window list (browser-window.ts). */
export interface WindowList {
  count(): number
  closeAll(): void
}

export class StandInApp extends EventEmitter {
  isPackaged = false
  readonly record = {
    singleInstanceLockRequests: 0,
    sandboxEnabled: false,
    quitCalls: 0,
    /** When the `quit` event was emitted (performance.now()). */
    quitAt: undefined as number | undefined,
    exitCode: undefined as number | undefined
  }
  private config: StandInConfig | undefined
  private manifest: AppManifest = {}
  private readonly paths = new Map<string, string>()
  private ready = false
  private quitting = false
  private readonly readyPromise: Promise<void>
  private markReady: () => void = () => undefined
  private windows: WindowList = { count: () => 0, closeAll: () => undefined }

  constructor() {
    super()
    this.readyPromise = new Promise((resolve) => {
      this.markReady = resolve
    })
  }

  configure(config: StandInConfig, windows: WindowList): void {
    this.config = config
    this.windows = windows
    this.isPackaged = config.isPackaged
    this.manifest = JSON.parse(
      readFileSync(join(config.appPath, 'package.json'), 'utf8')
    ) as AppManifest
  }

  /** Electron's default: package.json's productName, else its name. */
  get name(): string {
    return this.manifest.productName ?? this.manifest.name ?? 'Electron'
  }

  getName(): string {
    return this.name
  }

  getVersion(): string {
    return this.manifest.version ?? '0.0.0'
  }

  getAppPath(): string {
    return this.requireConfig().appPath
  }

  getPath(name: string): string {
    const set = this.paths.get(name)
    if (set) return set
    const root = this.requireConfig().pathsRoot
    if (name === 'userData') return join(this.getPath('appData'), this.name)
    if (['appData', 'home', 'documents', 'downloads', 'desktop', 'temp', 'logs'].includes(name)) {
      return join(root, name)
    }
    throw new Error(`Failed to get '${name}' path`)
  }

  setPath(name: string, path: string): void {
    this.paths.set(name, path)
  }

  requestSingleInstanceLock(): boolean {
    this.record.singleInstanceLockRequests += 1
    return true
  }

  enableSandbox(): void {
    if (this.ready) throw new Error('app.enableSandbox() can only be called before app is ready')
    this.record.sandboxEnabled = true
  }

  whenReady(): Promise<void> {
    return this.readyPromise
  }

  isReady(): boolean {
    return this.ready
  }

  /** What Electron does once the platform is up. */
  emitReady(): void {
    this.ready = true
    this.emit('will-finish-launching')
    this.emit('ready', preventableEvent(), {})
    this.markReady()
  }

  /**
   * Electron's order: `before-quit` (preventable), then every window is asked to close (a window
   * that prevents its close cancels the quit), then `will-quit` (preventable) and `quit`.
   */
  quit(): void {
    this.record.quitCalls += 1
    const beforeQuit = preventableEvent()
    this.emit('before-quit', beforeQuit)
    if (beforeQuit.defaultPrevented) return
    this.quitting = true
    if (this.windows.count() === 0) this.finishQuit()
    else this.windows.closeAll()
  }

  exit(code = 0): void {
    this.record.exitCode = code
  }

  /** A window was closed for good (browser-window.ts). */
  windowClosed(): void {
    if (this.windows.count() > 0) return
    if (this.quitting) {
      this.finishQuit()
      return
    }
    if (this.listenerCount('window-all-closed') > 0) this.emit('window-all-closed')
    else this.quit()
  }

  /** A window prevented its close: a quit under way is cancelled, as in Electron. */
  windowCloseCancelled(): void {
    this.quitting = false
  }

  private finishQuit(): void {
    this.quitting = false
    const willQuit = preventableEvent()
    this.emit('will-quit', willQuit)
    if (willQuit.defaultPrevented) return
    this.record.quitAt = performance.now()
    this.emit('quit', preventableEvent(), 0)
  }

  private requireConfig(): StandInConfig {
    if (!this.config) throw new Error('the stand-in electron was not configured before use')
    return this.config
  }
}

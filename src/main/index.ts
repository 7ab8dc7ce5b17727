/**
 * Electron main process lifecycle (thin): single instance, app core with the safeStorage vault,
 * IPC handlers, one hardened window, bounded shutdown that stops the demo service.
 */
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { app, BrowserWindow, ipcMain, safeStorage, screen, session } from 'electron'
import type { IpcMainInvokeEvent } from 'electron'
import { EVENTS, SAVE_FILE_CHANNEL } from '@shared/channels'
import { ServiceStateSchema } from '@shared/contract'
import { createAppCore } from './core/app-core'
import { adoptEarlierDataFolder } from './core/data-folder'
import type { AppCore } from './core/app-core'
import { createSenderCheck, registerHandlers } from './ipc/registry'
import { createConsoleLogger } from './logging/logger'
import { installApplicationMenu } from './menu/application-menu'
import { createElectronFileSaver } from './save-dialog/electron-save-dialog'
import { createReportExporter, createSaveFileHandler } from './save-dialog/save-file'
import { createElectronStoreStorage } from './settings/electron-store-storage'
import { createSafeStorageVault } from './vault/key-vault'
import type { CloseGuard } from './window/close-guard'
import { installDevContentSecurityPolicy } from './window/csp'
import { hardenWebContents } from './window/harden'
import type { RendererLocation } from './window/renderer-location'
import { guardWindowClose } from './window/close-guard'
import { createWindowOptions, placeWindow } from './window/window-state'

const here = dirname(fileURLToPath(import.meta.url))
const logger = createConsoleLogger()
const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL']
const renderer: RendererLocation = {
  rendererFileUrl: pathToFileURL(join(here, '../renderer/index.html')).href,
  ...(devServerUrl ? { devServerUrl } : {})
}

let mainWindow: BrowserWindow | undefined
/** Asks the renderer to write pending cache entries before the window closes or reloads. */
let closeGuard: CloseGuard | undefined
let core: AppCore | undefined
let quitting = false

function createMainWindow(settings: AppCore['settings']): BrowserWindow {
  // The last window bounds, clamped to the displays there are now.
  const placement = placeWindow(
    settings.windowState.read(),
    screen.getAllDisplays().map((display) => display.workArea),
    screen.getPrimaryDisplay().workArea
  )
  const options = createWindowOptions({
    preloadPath: join(here, '../preload/index.cjs'),
    bounds: placement.bounds,
    icon: join(here, '../../resources/icon.png'),
    devTools: devServerUrl !== undefined
  })
  const window = new BrowserWindow({
    ...options,
    // Restated at the construction site so static analysis (electronegativity) can verify them.
    webPreferences: {
      ...options.webPreferences,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      disableBlinkFeatures: 'Auxclick'
    }
  })
  closeGuard = guardWindowClose(window, { logger })
  window.once('ready-to-show', () => {
    if (placement.maximized) window.maximize()
    window.show()
  })
  // Its normal (not maximised) bounds are kept for the next launch.
  window.on('close', () =>
    settings.windowState.write({ ...window.getNormalBounds(), maximized: window.isMaximized() })
  )
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = undefined
  })
  // The very URL the sender check expects: loadFile would spell the path its own way
  // (url.format keeps [ ] ~ % as they are, and Chromium reads a folder named a%41b as aAb).
  void window.loadURL(devServerUrl ?? renderer.rendererFileUrl)
  return window
}

function sendToWindow(channel: string, payload: unknown): void {
  if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(channel, payload)
}

function start(): void {
  const isOurPage = createSenderCheck(renderer)
  const save = createElectronFileSaver({ window: () => mainWindow, logger })
  core = createAppCore({
    userDataDir: app.getPath('userData'),
    settingsStorage: createElectronStoreStorage,
    vault: (store) => createSafeStorageVault({ safeStorage, store, logger }),
    logger,
    emitBatchProgress: (event) => sendToWindow(EVENTS.batchProgress, event),
    emitServiceState: (state) => sendToWindow(EVENTS.serviceState, ServiceStateSchema.parse(state)),
    onFlushAnswer: ({ flushId }) => closeGuard?.answer(flushId) ?? false,
    exportReport: createReportExporter({
      printToPdf: async (options) => {
        if (!mainWindow || mainWindow.isDestroyed()) throw new Error('no window')
        return mainWindow.webContents.printToPDF(options)
      },
      save
    })
  })
  const isTrustedSender = (event: IpcMainInvokeEvent) =>
    mainWindow !== undefined && event.sender === mainWindow.webContents && isOurPage(event)
  const saveFile = { [SAVE_FILE_CHANNEL]: createSaveFileHandler(save) }
  registerHandlers(ipcMain, core.handlers, { isTrustedSender, logger }, saveFile)
  if (devServerUrl) installDevContentSecurityPolicy(session.defaultSession, devServerUrl)
  installApplicationMenu({
    window: () => mainWindow,
    // Reload and DevTools under electron-vite dev only: never in `npm start` or a packaged app.
    development: devServerUrl !== undefined,
    serviceContractPath: () =>
      app.isPackaged
        ? join(process.resourcesPath, 'service-contract.md')
        : join(app.getAppPath(), 'docs/service-contract.md'),
    logger
  })
  mainWindow = createMainWindow(core.settings)
}

// Tests (npm run test:electron) give each run its own data folder.
const userDataOverride = process.env['MARKET_EXPLORER_USER_DATA']
if (userDataOverride) app.setPath('userData', userDataOverride)
else if (adoptEarlierDataFolder(app.getPath('userData')) === 'failed') {
  logger.warn('the data folder of an earlier version could not be moved; starting with defaults')
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.enableSandbox()
  app.on('second-instance', () => {
    if (!mainWindow) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })
  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, { renderer, logger })
  )
  app.on('window-all-closed', () => app.quit())
  app.on('before-quit', (event) => {
    if (quitting || !core) return
    // Stop the demo service and close connections first (bounded by the core's own timeout).
    event.preventDefault()
    quitting = true
    void core.dispose().finally(() => app.quit())
  })
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      logger.error('startup failed', { error: error instanceof Error ? error.message : 'unknown' })
      app.exit(1)
    })
}

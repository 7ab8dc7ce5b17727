/**
 * A recording stand-in for the `electron` module, for loading the built main bundle under plain
 * Node (resolve-electron.ts maps `electron` here). Exports what main and electron-store import,
 * named and as the default export; `standIn` is the walk's handle on what it recorded.
 */
import { StandInApp } from './app'
import type { StandInConfig } from './app'
import { StandInBrowserWindow } from './browser-window'
import { StandInIpcMain } from './ipc-main'
import { createSystem } from './system'

export type { StandInConfig } from './app'

export const app = new StandInApp()
export const ipcMain = new StandInIpcMain()
const system = createSystem()
export const { dialog, shell, Menu, screen, session, safeStorage } = system
export const BrowserWindow = StandInBrowserWindow

/** Sets what Electron would have set before main runs: paths, versions, the process type. */
function configure(config: StandInConfig): void {
  StandInBrowserWindow.owner = { app, ipcMain }
  app.configure(config, {
    count: () => StandInBrowserWindow.all.length,
    closeAll: () => {
      for (const window of StandInBrowserWindow.getAllWindows()) window.close()
    }
  })
  Object.defineProperty(process, 'resourcesPath', {
    value: config.resourcesPath,
    configurable: true
  })
  Object.defineProperty(process, 'type', { value: 'browser', configurable: true })
  Object.assign(process.versions, { electron: config.electronVersion, chrome: '0.0.0-stand-in' })
}

export const standIn = {
  configure,
  app,
  ipcMain,
  system,
  BrowserWindow: StandInBrowserWindow,
  windows: (): StandInBrowserWindow[] => StandInBrowserWindow.getAllWindows()
}

export type StandIn = typeof standIn

const electron = { app, ipcMain, dialog, shell, Menu, screen, session, safeStorage, BrowserWindow }
export default electron

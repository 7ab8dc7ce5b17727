/** Installs the application menu built by menu-template.ts (the only part that needs Electron). */
import { app, dialog, Menu, shell } from 'electron'
import type { BrowserWindow } from 'electron'
import { MENU_EVENT } from '@shared/channels'
import type { AppLogger } from '../logging/logger'
import { aboutDetail } from './about'
import { buildMenuTemplate } from './menu-template'

export function installApplicationMenu(options: {
  window: () => BrowserWindow | undefined
  /** Development build: Reload and DevTools in the View menu. */
  development: boolean
  /** The docs/service-contract.md shipped with the app (opened with the system's viewer). */
  serviceContractPath: () => string
  logger: AppLogger
}): void {
  const { logger } = options
  const openPath = (path: string, what: string) => {
    void shell.openPath(path).then((problem) => {
      if (problem) logger.warn(`could not open the ${what}`, { problem })
    })
  }
  const template = buildMenuTemplate({
    platform:
      process.platform === 'darwin' || process.platform === 'win32' ? process.platform : 'linux',
    development: options.development,
    appName: app.name,
    // The template sends only MenuActions (typed); the preload lets nothing else reach the page.
    send: (action) => {
      const window = options.window()
      if (!window || window.isDestroyed()) return
      // A menu action for a minimised or hidden window brings it forward first.
      if (window.isMinimized()) window.restore()
      window.show()
      window.webContents.send(MENU_EVENT, action)
    },
    showAbout: () => {
      const detail = aboutDetail(app.getVersion(), process.versions)
      const window = options.window()
      const box = { type: 'info' as const, title: `About ${app.name}`, message: app.name, detail }
      void (window ? dialog.showMessageBox(window, box) : dialog.showMessageBox(box))
    },
    openDataFolder: () => openPath(app.getPath('userData'), 'data folder'),
    openServiceContract: () => openPath(options.serviceContractPath(), 'service contract')
  })
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}

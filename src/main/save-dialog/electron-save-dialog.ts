/** Main's file saver with Electron's dialog and the file system (the main window as parent). */
import { writeFile } from 'node:fs/promises'
import { app, dialog } from 'electron'
import type { BrowserWindow } from 'electron'
import type { AppLogger } from '../logging/logger'
import { createFileSaver } from './save-file'
import type { FileSaver } from './save-file'

export function createElectronFileSaver(options: {
  window: () => BrowserWindow | undefined
  logger: AppLogger
}): FileSaver {
  return createFileSaver({
    // Attached to the main window when there is one.
    showSaveDialog: (request) => {
      const window = options.window()
      return window && !window.isDestroyed()
        ? dialog.showSaveDialog(window, request)
        : dialog.showSaveDialog(request)
    },
    writeFile: (path, bytes) => writeFile(path, bytes, { mode: 0o644 }),
    folder: (name) => app.getPath(name),
    logger: options.logger
  })
}

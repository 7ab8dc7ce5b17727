/** The save-file handler with Electron's dialog and the file system (the main window as parent). */
import { writeFile } from 'node:fs/promises'
import { app, dialog } from 'electron'
import type { BrowserWindow, SaveDialogOptions } from 'electron'
import type { AppLogger } from '../logging/logger'
import { createSaveFileHandler } from './save-file'
import type { SaveFileHandler } from './save-file'

/** Electron's save dialog, attached to the main window when there is one. */
export function showSaveDialog(window: BrowserWindow | undefined, options: SaveDialogOptions) {
  return window && !window.isDestroyed()
    ? dialog.showSaveDialog(window, options)
    : dialog.showSaveDialog(options)
}

export function createElectronSaveFileHandler(options: {
  window: () => BrowserWindow | undefined
  logger: AppLogger
}): SaveFileHandler {
  return createSaveFileHandler({
    showSaveDialog: (request) => showSaveDialog(options.window(), request),
    writeFile: (path, bytes) => writeFile(path, bytes, { mode: 0o644 }),
    defaultFolder: () => app.getPath('downloads'),
    logger: options.logger
  })
}

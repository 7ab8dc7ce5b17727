import type { BrowserWindowConstructorOptions } from 'electron'
import {
  DEFAULT_WINDOW_HEIGHT,
  DEFAULT_WINDOW_WIDTH,
  MIN_WINDOW_HEIGHT,
  MIN_WINDOW_WIDTH
} from './window-state'
import type { WindowPlacement } from './window-state'

/** The main window: sandboxed renderer, no Node, context isolation, nothing insecure enabled. */
export function createWindowOptions(options: {
  preloadPath: string
  /** Where it opens (placeWindow); the default size, centred, without one. */
  bounds?: WindowPlacement['bounds']
  /** The app icon (Linux and Windows; macOS takes it from the bundle). */
  icon?: string
  /** DevTools can be opened: development builds only (electron-vite dev). Default false. */
  devTools?: boolean
}): BrowserWindowConstructorOptions {
  return {
    width: DEFAULT_WINDOW_WIDTH,
    height: DEFAULT_WINDOW_HEIGHT,
    ...options.bounds,
    minWidth: MIN_WINDOW_WIDTH,
    minHeight: MIN_WINDOW_HEIGHT,
    ...(options.icon ? { icon: options.icon } : {}),
    show: false,
    title: 'Market Explorer',
    backgroundColor: '#f7f7f5',
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      devTools: options.devTools ?? false,
      // Middle-click on a link must not open anything (Electron security checklist).
      disableBlinkFeatures: 'Auxclick'
    }
  }
}

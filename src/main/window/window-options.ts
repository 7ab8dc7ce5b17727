import type { BrowserWindowConstructorOptions } from 'electron'

/** The main window: sandboxed renderer, no Node, context isolation, nothing insecure enabled. */
export function createWindowOptions(options: {
  preloadPath: string
}): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 880,
    minHeight: 560,
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
      // Middle-click on a link must not open anything (Electron security checklist).
      disableBlinkFeatures: 'Auxclick'
    }
  }
}

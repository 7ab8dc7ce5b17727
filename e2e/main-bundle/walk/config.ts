/** What the runner (run-walk.ts) tells a walk: where the app is and how it is laid out. */
export interface WalkConfig {
  /** The built main bundle to load (out/main/index.js of the app under test). */
  mainEntry: string
  /** `app.getAppPath()`: the folder with the app's package.json. */
  appPath: string
  /** `app.isPackaged`: true for the layout an installer puts on disk. */
  isPackaged: boolean
  /** `process.resourcesPath`. */
  resourcesPath: string
  /** A scratch folder for `app.getPath()` (appData, documents, downloads…). */
  pathsRoot: string
  electronVersion: string
  /** The name the app must call itself (About box, menu, data folder). */
  productName: string
  /** The longest any one step may wait. */
  stepBoundMs: number
  /** How long Node may take to exit once the app has quit. */
  exitBoundMs: number
}

/**
 * Where the main window opens: the size, position and maximised state it had when it was last
 * closed, clamped to the displays that exist now. A window saved on a monitor that has since been
 * detached comes back, whole, on the primary display. Pure: the displays are passed in. And the
 * window's construction options (createWindowOptions), with that placement.
 */
import type { BrowserWindowConstructorOptions, Rectangle as Rect } from 'electron'
import { z } from 'zod'

export const MIN_WINDOW_WIDTH = 960
export const MIN_WINDOW_HEIGHT = 600
export const DEFAULT_WINDOW_WIDTH = 1280
export const DEFAULT_WINDOW_HEIGHT = 820

/** Less than this much of the window on a display (a title-bar's worth) counts as off screen. */
const MIN_VISIBLE = { width: 120, height: 60 }

const Coordinate = z.number().int().min(-100_000).max(100_000)
const Length = z.number().int().min(1).max(100_000)

/** What is saved beside the settings (the window's normal bounds, not its maximised ones). */
export const WindowStateSchema = z
  .object({
    x: Coordinate,
    y: Coordinate,
    width: Length,
    height: Length,
    maximized: z.boolean()
  })
  .strict()

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  return { width: Math.max(0, width), height: Math.max(0, height) }
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high)

/** A size that fits the work area, but never below the window's minimum. */
function fitSize(width: number, height: number, area: Rect) {
  return {
    width: Math.max(MIN_WINDOW_WIDTH, Math.min(width, area.width)),
    height: Math.max(MIN_WINDOW_HEIGHT, Math.min(height, area.height))
  }
}

function centred(size: { width: number; height: number }, area: Rect): Rect {
  return {
    x: Math.round(area.x + Math.max(0, area.width - size.width) / 2),
    y: Math.round(area.y + Math.max(0, area.height - size.height) / 2),
    ...size
  }
}

/**
 * `saved`: whatever was stored (validated here). `workAreas`: each display's work area now
 * (without task bars and docks); `primary`: the primary display's work area.
 */
export function placeWindow(saved: unknown, workAreas: readonly Rect[], primary: Rect) {
  const parsed = WindowStateSchema.safeParse(saved)
  if (!parsed.success) {
    // No x/y: the system centres the window (first launch).
    const size = fitSize(DEFAULT_WINDOW_WIDTH, DEFAULT_WINDOW_HEIGHT, primary)
    return { bounds: size, maximized: false }
  }
  const state = parsed.data
  const best = workAreas
    .map((area) => ({ area, visible: overlap(state, area) }))
    .filter(
      ({ visible }) => visible.width >= MIN_VISIBLE.width && visible.height >= MIN_VISIBLE.height
    )
    .sort((a, b) => b.visible.width * b.visible.height - a.visible.width * a.visible.height)[0]
  if (!best) {
    // Its display is gone (or it was dragged off every screen): bring it back on the primary.
    const size = fitSize(state.width, state.height, primary)
    return { bounds: centred(size, primary), maximized: state.maximized }
  }
  const { area } = best
  const size = fitSize(state.width, state.height, area)
  return {
    bounds: {
      x: clamp(state.x, area.x, Math.max(area.x, area.x + area.width - size.width)),
      y: clamp(state.y, area.y, Math.max(area.y, area.y + area.height - size.height)),
      ...size
    },
    maximized: state.maximized
  }
}

/** The main window: sandboxed renderer, no Node, context isolation, nothing insecure enabled. */
export function createWindowOptions(options: {
  preloadPath: string
  /** Where it opens (placeWindow); the default size, centred, without one. */
  bounds?: ReturnType<typeof placeWindow>['bounds']
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

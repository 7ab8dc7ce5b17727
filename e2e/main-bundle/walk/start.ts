/** Load the bundle, then ready → the window: what main does before the page can ask anything. */
import { existsSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { MarketApi } from '@shared/operations'
import { fileOfUrl } from '../stand-in/browser-window'
import type { OpenWindow, WalkContext } from './context'
import { until } from './report'

export async function loadMain({ config, standIn, rec }: WalkContext): Promise<boolean> {
  rec.step('load')
  const { app } = standIn
  try {
    await import(pathToFileURL(config.mainEntry).href)
  } catch (error) {
    return rec.check('the main bundle loads', false, error)
  }
  rec.check('the main bundle loads', true)
  rec.check('asks for the single-instance lock', app.record.singleInstanceLockRequests === 1)
  rec.check('enables the sandbox before ready', app.record.sandboxEnabled)
  rec.check('opens no window before ready', standIn.windows().length === 0)
  return true
}

export async function openWindow({
  config,
  standIn,
  rec
}: WalkContext): Promise<OpenWindow | undefined> {
  rec.step('ready → window')
  const { app } = standIn
  app.emitReady()
  try {
    await until(config.stepBoundMs, 'a window', () => standIn.windows().length > 0)
  } catch (error) {
    rec.check('opens a window once ready', false, { error, exitCode: app.record.exitCode })
    return undefined
  }
  const windows = standIn.windows()
  rec.check('opens exactly one window', windows.length === 1, windows.length)
  const window = windows[0]
  if (!window) return undefined
  const preferences = window.options.webPreferences ?? {}
  rec.check(
    'the window is sandboxed, isolated and without Node',
    preferences.sandbox === true &&
      preferences.contextIsolation === true &&
      preferences.nodeIntegration === false,
    preferences
  )
  const preload = preferences.preload ?? ''
  rec.check('the preload file exists', isAbsolute(preload) && existsSync(preload), preload)
  const icon = window.options.icon
  rec.check('the window icon exists', icon === undefined || existsSync(icon), icon)
  try {
    await until(config.stepBoundMs, 'the window shown', () => window.record.shown)
  } catch (error) {
    rec.check('the window is shown once its page is ready', false, {
      error,
      loadFailure: window.webContents.record.loadFailure
    })
  }
  const loaded = window.webContents.getURL()
  const pageFile = join(config.appPath, 'out', 'renderer', 'index.html')
  rec.check('the page loads', window.webContents.record.loadFailure === undefined, {
    failure: window.webContents.record.loadFailure,
    requested: window.webContents.record.requested
  })
  rec.check('the page is our index.html', fileOfUrl(loaded) === pageFile, { loaded, pageFile })
  const market = window.webContents.page?.exposed.get('market') as MarketApi | undefined
  if (!rec.check('the preload exposes window.market', market !== undefined)) return undefined
  rec.check('the app calls itself by its product name', app.name === config.productName, app.name)
  return market ? { window, market } : undefined
}

/** What hardenWebContents installed on the window's contents. */
export function checkHardening({ rec }: WalkContext, { window }: OpenWindow): void {
  rec.step('hardening')
  const { record } = window.webContents
  const ours = window.webContents.getURL()
  rec.check(
    'new windows are denied',
    record.openHandler?.({ url: 'https://example.com/' }).action === 'deny'
  )
  const navigate = (url: string): boolean => {
    let prevented = false
    const event = { url, preventDefault: () => void (prevented = true) }
    window.webContents.emit('will-navigate', event, url)
    return prevented
  }
  rec.check('navigation away is blocked', navigate('https://example.com/'))
  rec.check('navigation within our page is allowed', !navigate(`${ours}#/settings`), ours)
  let granted: unknown
  record.permissionRequestHandler?.(window.webContents, 'notifications', (answer: unknown) => {
    granted = answer
  })
  rec.check('permission requests are denied', granted === false, granted)
}

/**
 * Locks down a webContents: no navigation away from our renderer, no new windows, no <webview>,
 * every permission denied. The renderer has no external links, so nothing is handed to the system
 * browser either: a main process that never calls shell.openExternal cannot be talked into it.
 */
import type { WebContents } from 'electron'
import type { AppLogger } from '../logging/logger'
import { silentLogger } from '../logging/logger'
import { isRendererUrl } from './renderer-location'
import type { RendererLocation } from './renderer-location'

/** Safe to log: scheme and host only (a URL's path or query could hold anything). */
function describeUrl(url: string): string {
  const parsed = URL.parse(url)
  if (!parsed) return '(invalid URL)'
  return parsed.host ? `${parsed.protocol}//${parsed.host}` : parsed.protocol
}

export function hardenWebContents(
  contents: WebContents,
  options: { renderer: RendererLocation; logger?: AppLogger }
): void {
  const logger = options.logger ?? silentLogger
  const blockForeignNavigation = (event: { preventDefault(): void }, url: string): void => {
    if (isRendererUrl(url, options.renderer)) return
    event.preventDefault()
    logger.warn('blocked navigation', { url: describeUrl(url) })
  }
  contents.on('will-navigate', (event) => blockForeignNavigation(event, event.url))
  contents.on('will-redirect', (event) => blockForeignNavigation(event, event.url))
  contents.on('will-attach-webview', (event) => {
    event.preventDefault()
    logger.warn('blocked a webview')
  })
  contents.setWindowOpenHandler(({ url }) => {
    logger.warn('blocked a new window', { url: describeUrl(url) })
    return { action: 'deny' }
  })
  // Every permission request and check (camera, notifications, clipboard-read, …) is denied.
  contents.session.setPermissionRequestHandler((_contents, _permission, callback) =>
    callback(false)
  )
  contents.session.setPermissionCheckHandler(() => false)
}

/**
 * Locks down a webContents: no navigation away from our renderer, no new windows (https links go
 * to the system browser), no <webview>, every permission denied.
 */
import type { Session, Shell, WebContents } from 'electron'
import type { AppLogger } from '../logging/logger'
import { silentLogger } from '../logging/logger'
import { isSafeExternalUrl } from './external-url'
import { isRendererUrl } from './renderer-location'
import type { RendererLocation } from './renderer-location'

export interface HardenOptions {
  renderer: RendererLocation
  shell: Pick<Shell, 'openExternal'>
  logger?: AppLogger
}

/** Safe to log: scheme and host only (a URL's path or query could hold anything). */
function describeUrl(url: string): string {
  if (!URL.canParse(url)) return '(invalid URL)'
  const parsed = new URL(url)
  return parsed.host ? `${parsed.protocol}//${parsed.host}` : parsed.protocol
}

function openExternally(url: string, options: HardenOptions, logger: AppLogger): void {
  if (!isSafeExternalUrl(url)) {
    logger.warn('blocked opening a URL', { url: describeUrl(url) })
    return
  }
  void options.shell.openExternal(url).catch(() => {
    logger.warn('could not open a URL in the browser', { url: describeUrl(url) })
  })
}

/** Denies every permission request and check (camera, notifications, clipboard-read, …). */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
}

export function hardenWebContents(contents: WebContents, options: HardenOptions): void {
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
    openExternally(url, options, logger)
    return { action: 'deny' }
  })
  denyAllPermissions(contents.session)
}

import type { Session } from 'electron'

/**
 * Development only: a CSP header for pages from the Vite dev server (the built app relies on the
 * meta tag in index.html). Adds what hot reload needs: the dev server's websocket.
 */
export function devContentSecurityPolicy(devServerUrl: string): string {
  const dev = new URL(devServerUrl)
  const socket = `${dev.protocol === 'https:' ? 'wss' : 'ws'}://${dev.host}`
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `connect-src 'self' ${socket}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'"
  ].join('; ')
}

export function installDevContentSecurityPolicy(session: Session, devServerUrl: string): void {
  const origin = new URL(devServerUrl).origin
  const policy = devContentSecurityPolicy(devServerUrl)
  session.webRequest.onHeadersReceived({ urls: [`${origin}/*`] }, (details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] }
    })
  })
}

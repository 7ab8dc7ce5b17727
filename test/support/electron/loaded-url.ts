/**
 * The URL Electron reports for a page it opened (`event.senderFrame.url`, `webContents.getURL()`),
 * for tests and the main-bundle smoke test's stand-in `electron`. The app itself never needs it:
 * it compares the file a URL names (src/main/window/renderer-location.ts), whatever the spelling.
 */
import { resolve } from 'node:path'
import { format } from 'node:url'

/** Unreserved characters: Chromium writes them plainly even when they came escaped. */
const UNRESERVED = /^[A-Za-z0-9_~-]$/

/**
 * A URL as Chromium canonicalises it: the WHATWG parser's result, plus Chromium's own path rule
 * that an escaped unreserved character is unescaped ("%7E" → "~", url/url_canon_path.cc). Escaped
 * dots are left as they are (Chromium treats them as dot segments, which the parser already did).
 */
export function chromiumUrl(url: string): string {
  const parsed = new URL(url)
  parsed.pathname = parsed.pathname.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const character = String.fromCharCode(parseInt(hex, 16))
    return UNRESERVED.test(character) ? character : escape
  })
  return parsed.href
}

/** `webContents.loadURL(url)`: the URL as Chromium keeps it. */
export function urlOfLoadURL(url: string): string {
  return chromiumUrl(url)
}

/**
 * `webContents.loadFile(filePath)`: Electron builds the URL with the legacy `url.format`, which
 * leaves a space, `[ ] ~ %` and non-ASCII letters as they are and escapes only `#` and `?`
 * (lib/browser/api/web-contents.ts); Chromium then canonicalises it.
 */
export function urlOfLoadFile(filePath: string, appPath: string): string {
  return chromiumUrl(
    format({ protocol: 'file', slashes: true, pathname: resolve(appPath, filePath) })
  )
}

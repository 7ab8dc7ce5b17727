/** Where our renderer is loaded from: the built index.html (file://) or, in dev, the Vite server. */
export interface RendererLocation {
  /** file:// URL of out/renderer/index.html: the window opens exactly this URL (loadURL). */
  rendererFileUrl: string
  /** `ELECTRON_RENDERER_URL` in development; any page of its origin is ours. */
  devServerUrl?: string
}

const ESCAPE = /(%[0-9A-Fa-f]{2})/
const ESCAPED_SLASH = /%2f/i

/**
 * The bytes of the file path a file: URL's path names, as Chromium reads it: valid %XX escapes
 * decoded, everything else as written, a drive letter upper-cased. The same file has many
 * spellings (`~` or `%7E`, `[` or `%5B`, a space or `%20`), and Chromium keeps the one it was
 * given; comparing the bytes they name does not depend on it. An escaped slash names no file
 * (Chromium refuses to load it): undefined.
 */
function filePathBytes(pathname: string): Buffer | undefined {
  if (ESCAPED_SLASH.test(pathname)) return undefined
  // Split on a capturing pattern: the odd parts are the escapes.
  const parts = pathname.split(ESCAPE)
  const bytes = Buffer.concat(
    parts.map((part, index) =>
      index % 2 === 1 ? Buffer.from([parseInt(part.slice(1), 16)]) : Buffer.from(part)
    )
  )
  // A Windows drive (/c:/…): Chromium writes its letter in upper case.
  const [slash, drive = 0, colon, next = 0x2f] = bytes
  if (slash === 0x2f && drive >= 0x61 && drive <= 0x7a && colon === 0x3a && next === 0x2f)
    bytes[1] = drive - 0x20
  return bytes
}

/** True for our renderer page (query and fragment ignored) or, in dev, the dev server's origin. */
export function isRendererUrl(url: string, location: RendererLocation): boolean {
  const candidate = URL.parse(url)
  if (!candidate) return false
  if (candidate.protocol === 'file:') {
    const ours = URL.parse(location.rendererFileUrl)
    if (ours?.protocol !== 'file:') return false
    const [path, ourPath] = [filePathBytes(candidate.pathname), filePathBytes(ours.pathname)]
    // The host matters too: file://server/share/… (a UNC path) is someone else's file.
    return candidate.host === ours.host && path !== undefined && ourPath?.equals(path) === true
  }
  if (!location.devServerUrl) return false
  const dev = URL.parse(location.devServerUrl)
  if (!dev || (dev.protocol !== 'http:' && dev.protocol !== 'https:')) return false
  return candidate.origin === dev.origin
}

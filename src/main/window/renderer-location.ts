/** Where our renderer is loaded from: the built index.html (file://) or, in dev, the Vite server. */
export interface RendererLocation {
  /** file:// URL of out/renderer/index.html. */
  rendererFileUrl: string
  /** `ELECTRON_RENDERER_URL` in development; any page of its origin is ours. */
  devServerUrl?: string
}

function parse(url: string): URL | undefined {
  return URL.canParse(url) ? new URL(url) : undefined
}

/** True for our renderer page (query and fragment ignored) or, in dev, the dev server's origin. */
export function isRendererUrl(url: string, location: RendererLocation): boolean {
  const candidate = parse(url)
  if (!candidate) return false
  if (candidate.protocol === 'file:') {
    const ours = parse(location.rendererFileUrl)
    // The host matters too: file://server/share/… (a UNC path) is someone else's file.
    return (
      ours !== undefined &&
      ours.protocol === 'file:' &&
      candidate.host === ours.host &&
      candidate.pathname === ours.pathname
    )
  }
  if (!location.devServerUrl) return false
  const dev = parse(location.devServerUrl)
  if (!dev || (dev.protocol !== 'http:' && dev.protocol !== 'https:')) return false
  return candidate.origin === dev.origin
}

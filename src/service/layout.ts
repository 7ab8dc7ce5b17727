/**
 * Where the embedded service answers each route. `spec`: every route at the root and under /v1/
 * (our public description). `provider`: the real provider's layout as public clients show it —
 * /locations at the root, every other route only under /v1/, and an unknown route answered like a
 * PHP framework does (a bare `message`, not the envelope).
 */
export const SERVICE_LAYOUTS = ['spec', 'provider'] as const
export type ServiceLayout = (typeof SERVICE_LAYOUTS)[number]
export const DEFAULT_SERVICE_LAYOUT: ServiceLayout = 'spec'

/** The URLs a route (named by its spec path, such as /growth) is served on in a layout. */
export function routeUrls(layout: ServiceLayout, path: string): string[] {
  if (layout === 'spec') return [path, `/v1${path}`]
  return path === '/locations' ? [path] : [`/v1${path}`]
}

/**
 * The provider's answer to an unknown route: the requested path without its leading slash (the
 * root itself is "/"), query left out.
 */
export function frameworkNotFoundBody(url: string): { message: string } {
  const route = (url.split('?')[0] ?? '').replace(/^\//, '')
  return { message: `The route ${route === '' ? '/' : route} could not be found.` }
}

import type { Placement } from '@shared/settings'

/** Wire parameters (names as in the spec: location, country_code, type, beds, sector). */
export type WireParams = Record<string, string>

/**
 * The URL of a route path: `a/b` is joined onto the base URL, keeping its path prefix
 * (`https://x/api/v1` or `https://x/api/v1/` + `growth` → `https://x/api/v1/growth`), `/a/b`
 * onto its origin (`https://x/api` + `/v1/growth` → `https://x/v1/growth`).
 */
export function routeUrl(baseUrl: string, path: string): URL {
  const url = new URL(baseUrl)
  url.pathname = path.startsWith('/') ? path : `${url.pathname.replace(/\/+$/, '')}/${path}`
  url.search = ''
  url.hash = ''
  return url
}

export type WireRequest = ReturnType<typeof wireRequest>

/**
 * The request for `params` at an operation's URL (a routeUrl): in the query string (every name
 * and value percent-encoded, space as %20, never `+`), in a JSON body (`body` and `both`), or both,
 * as `placement` says; and its `identity` for de-duplication: the operation URL, the placement and
 * the encoded parameters in name order (so parameter order does not matter).
 */
export function wireRequest(operationUrl: string, params: WireParams, placement: Placement) {
  const pairs = Object.entries(params).map(
    ([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`
  )
  const query = placement === 'body' ? '' : pairs.join('&')
  const url = query ? `${operationUrl}?${query}` : operationUrl
  const body = placement === 'query' ? undefined : JSON.stringify(params)
  // Encoded pairs hold no raw `&` or `=`: sorting them sorts by name (names are distinct).
  const identity = `${placement} ${operationUrl}?${pairs.sort().join('&')}`
  return { url, body, identity, params }
}

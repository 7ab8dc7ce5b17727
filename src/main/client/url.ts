import type { ParameterPlacement } from './options'

/** Wire parameters (names as in the spec: location, country_code, type, beds, sector). */
export type WireParams = Record<string, string>

/**
 * Joins an operation path onto the base URL, keeping the base's path prefix:
 * `https://x/api/v1` or `https://x/api/v1/` + `growth` → `https://x/api/v1/growth`.
 */
export function joinUrl(baseUrl: string, path: string): URL {
  const url = new URL(baseUrl)
  const prefix = url.pathname.replace(/\/+$/, '')
  url.pathname = `${prefix}/${path.replace(/^\/+/, '')}`
  url.search = ''
  url.hash = ''
  return url
}

/**
 * The URL of a route path: `a/b` is joined onto the base URL (keeping its path prefix), `/a/b`
 * onto its origin: `https://x/api` + `/v1/growth` → `https://x/v1/growth`.
 */
export function routeUrl(baseUrl: string, path: string): URL {
  if (!path.startsWith('/')) return joinUrl(baseUrl, path)
  const url = new URL(baseUrl)
  url.pathname = path
  url.search = ''
  url.hash = ''
  return url
}

/** Each `name=value` pair, both percent-encoded (space as %20, never `+`), in the params' order. */
function encodePairs(params: WireParams): string[] {
  const pairs: string[] = []
  for (const name in params) {
    pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(params[name] as string)}`)
  }
  return pairs
}

/** Query string with every name and value percent-encoded (space as %20, never `+`). */
export function encodeQuery(params: WireParams): string {
  return encodePairs(params).join('&')
}

export interface WireRequest {
  url: URL
  /** JSON body, present for `body` and `both` placement. */
  body: string | undefined
  /**
   * Stable identity of the request for de-duplication: the operation URL, the placement and the
   * encoded parameters in name order (so parameter order does not matter).
   */
  identity: string
}

export function buildWireRequest(
  baseUrl: string,
  path: string,
  params: WireParams,
  placement: ParameterPlacement
): WireRequest {
  return wireRequestAt(joinUrl(baseUrl, path).href, params, placement)
}

/** Like buildWireRequest, from an operation URL already joined (one URL parse per request). */
export function wireRequestAt(
  operationUrl: string,
  params: WireParams,
  placement: ParameterPlacement
): WireRequest {
  const pairs = encodePairs(params)
  const query = placement === 'body' ? '' : pairs.join('&')
  const url = new URL(query ? `${operationUrl}?${query}` : operationUrl)
  const body = placement === 'query' ? undefined : JSON.stringify(params)
  // Encoded pairs hold no raw `&` or `=`: sorting them sorts by name (names are distinct).
  const identity = `${placement} ${operationUrl}?${pairs.sort().join('&')}`
  return { url, body, identity }
}

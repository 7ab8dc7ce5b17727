/**
 * Route discovery: pointed at a base URL, find where each operation of the service
 * lives and where it wants its parameters. A real slug is taken from the locations route first,
 * then each other operation is asked for it at the candidate paths and placements; a route that
 * answers the service's envelope (data, or an envelope 404 "no data") exists. Every request is
 * made once (no retries: this is the user's metered key); their number and the whole discovery's
 * time are bounded, and the caller can cancel it: the probe in flight then ends at once.
 */
import type { ErrorCode, Result } from '@shared/result'
import type { DiscoveryOutcome, DiscoveryRow } from '@shared/contract'
import { CONNECTION_TEST_DEADLINE_MS } from '@shared/contract'
import { formatSeconds } from '@shared/errors/next-steps'
import type { OperationRoute, Placement, RouteLayout, RoutedOperation } from '@shared/settings'
import { providerLayout, specLayout } from '@shared/settings'
import type { LocationsPayload } from '@shared/spec'
import { createServiceClient, SPEC_ROUTES } from '../client/client'
import type { ServiceClient } from '../client/client'
import type { ServiceClientOptions } from '../client/options'
import { routeUrl } from '../client/url'

/**
 * The most HTTP requests one discovery makes, enforced by a counter: enough for locations at 4
 * candidate paths × 2 placements (8) and 3 operations × 4 paths × 2 placements (24). A route that
 * answers "no such route" is not asked again with the other placement, and candidates that
 * resolve to the same URL (a base URL at the host's root) are asked once, so a typical discovery
 * makes 4 to 10. Past the bound, the operations left are reported as not tried.
 */
export const MAX_DISCOVERY_REQUESTS = 32

/** One request of an operation at a route, answered as the service client answers it. */
export type Probe = (
  operation: RoutedOperation,
  route: OperationRoute,
  sample: Sample,
  signal: AbortSignal
) => Promise<Result<unknown>>

export type ClientProbe = ReturnType<typeof createClientProbe>

/**
 * A probe made of a service client aimed at one route at a time: the same validation, key
 * handling and error mapping as real calls. Each probe is one request, answered as it went: never
 * sent again, never held (a connection test must not spend more of the user's metered key than
 * the requests it counts).
 */
export function createClientProbe(
  options: ServiceClientOptions,
  createClient: (options: ServiceClientOptions) => ServiceClient = createServiceClient
): { probe: Probe; close(): Promise<void> } {
  let current: Partial<Record<RoutedOperation, OperationRoute>> = {}
  const { rediscover: _ignored, ...rest } = options
  const client = createClient({
    ...rest,
    routes: () => current,
    guard: { send: (attempt, signal) => attempt(signal, 1) }
  })
  type Ask = (input: object, signal: AbortSignal) => Promise<Result<unknown>>
  return {
    probe: (operation, route, sample, signal) => {
      current = { [operation]: route }
      // The sample location (a real slug makes "works" likely), a residential sale of 3 beds:
      // the client sends only the operation's own parameters.
      const input = { ...sample, sector: 'residential', type: 'sale', beds: '3' }
      return (client[operation] as Ask)(input, signal)
    },
    close: () => client.close()
  }
}

/** Answers that hold for every route: the service cannot be reached, or refuses the quota. */
const STOP_CODES = new Set<ErrorCode>(['NETWORK', 'TIMEOUT', 'OFFLINE', 'NOT_CONFIGURED', 'QUOTA'])

/** Asked about when the service listed no real location. */
const PLACEHOLDER_SAMPLE = { location: 'discovery-probe', countryCode: 'NG' }

/** A real location to ask about (or the placeholder). */
export type Sample = typeof PLACEHOLDER_SAMPLE

const OTHER_OPERATIONS: RoutedOperation[] = ['getResidentialPrice', 'getGrowth', 'getLandPrice']

/** Where the resolved URL is what matters: at a host's root, `x` and `/x` are the same route. */
const resolvedPath = (baseUrl: string, path: string): string => routeUrl(baseUrl, path).pathname

/** `x` and `v1/x` relative to the base URL, then `/x` and `/v1/x` at its origin, each URL once. */
export function candidatePaths(baseUrl: string, name: string, first?: string): string[] {
  const all = [first, name, `v1/${name}`, `/${name}`, `/v1/${name}`].filter(
    (path): path is string => path !== undefined
  )
  const resolved = all.map((path) => resolvedPath(baseUrl, path))
  return all.filter((_, index) => resolved.indexOf(resolved[index] ?? '') === index)
}

type Outcome = DiscoveryOutcome | 'wrong-placement' | 'no-route'

/** What an error says about the route asked (any other error: just an error). */
const OUTCOMES: Partial<Record<ErrorCode, Outcome>> = {
  UNSUPPORTED_ROUTE: 'no-route',
  NOT_FOUND: 'no-data',
  AUTH: 'auth',
  BAD_REQUEST: 'wrong-placement'
}

const outcomeOf = (result: Result<unknown>): Outcome =>
  result.ok ? 'works' : (OUTCOMES[result.error.code] ?? 'error')

/** The profile whose routes resolve to the same URLs and placements, else custom. */
function profileOf(baseUrl: string, routes: RouteLayout['routes']): RouteLayout['profile'] {
  const where = (layout: RouteLayout['routes']) =>
    JSON.stringify(
      Object.entries(layout).map(([operation, route]) => [
        operation,
        resolvedPath(baseUrl, route.path),
        route.placement
      ])
    )
  const found = where(routes)
  if (found === where(specLayout('query').routes)) return 'spec'
  if (found === where(providerLayout().routes)) return 'provider'
  return 'custom'
}

interface Found {
  row: DiscoveryRow
  result?: Result<unknown>
  ms?: number
}

/**
 * The layout found and a row per operation asked; also the requests made, how many locations the
 * locations route listed (0 when not found), its last answer (whose error says why discovery
 * could not start) and how long the answer kept took, and why discovery ended before asking
 * everything it would have (`stopped`: its deadline, or a cancel).
 */
export async function discoverLayout(options: {
  baseUrl: string
  probe: Probe
  /** Only these operations (rediscovery of one); the others keep `fallback`'s routes. */
  only?: RoutedOperation[]
  /** Routes kept for operations not found or not asked. Default: the spec layout. */
  fallback?: RouteLayout
  maxRequests?: number
  /** The whole discovery's time limit. Default CONNECTION_TEST_DEADLINE_MS. */
  deadlineMs?: number
  /** The caller's cancel (Test connection's Cancel). */
  signal?: AbortSignal
}) {
  const { baseUrl, probe } = options
  const fallback = options.fallback ?? specLayout()
  const maxRequests = options.maxRequests ?? MAX_DISCOVERY_REQUESTS
  const deadlineMs = options.deadlineMs ?? CONNECTION_TEST_DEADLINE_MS
  const deadline = AbortSignal.timeout(deadlineMs)
  const signal = AbortSignal.any(options.signal ? [deadline, options.signal] : [deadline])
  const why = (): string =>
    deadline.aborted
      ? `the test stopped at its ${formatSeconds(deadlineMs)} limit`
      : 'the test was cancelled'
  let requests = 0
  let lastResult: Result<unknown> | undefined

  /** Tries the candidates in order; the first route that exists is kept. */
  const find = async (
    operation: RoutedOperation,
    firstPlacement: Placement,
    sample: Sample
  ): Promise<Found> => {
    const known = fallback.routes[operation]
    const paths = candidatePaths(baseUrl, SPEC_ROUTES[operation].path, known.path)
    const placements: Placement[] =
      firstPlacement === 'body' ? ['body', 'query'] : ['query', 'body']
    let last: Found | undefined
    /** The operation at its known route, as an error saying why. */
    const failed = (detail: string): Found => ({
      row: { operation, ...known, outcome: 'error', detail }
    })
    for (const path of paths) {
      for (const placement of placements) {
        if (signal.aborted) return failed(`not tried${last ? ' further' : ''}: ${why()}`)
        if (requests >= maxRequests) {
          return last ?? failed(`not tried further: discovery stops at ${maxRequests} requests`)
        }
        requests += 1
        const started = performance.now()
        const result = await probe(operation, { path, placement }, sample, signal)
        const ms = Math.round(performance.now() - started)
        lastResult = result
        if (signal.aborted) {
          return {
            row: { operation, path, placement, outcome: 'error', detail: `no answer: ${why()}` }
          }
        }
        const outcome = outcomeOf(result)
        if (outcome === 'no-route') break
        const detail = result.ok ? {} : { detail: result.error.message }
        if (outcome === 'wrong-placement') {
          last = { row: { operation, path, placement, outcome: 'error', ...detail } }
          continue
        }
        return { row: { operation, path, placement, outcome, ...detail }, result, ms }
      }
    }
    // Only wrong placements (the last is reported) and "no such route" answers came back.
    if (last) return last
    const missing = `no route answered at ${paths.join(', ')}`
    return { row: { operation, ...known, outcome: 'route-missing', detail: missing } }
  }

  const wanted = (operation: RoutedOperation) => !options.only || options.only.includes(operation)
  const rows: DiscoveryRow[] = []
  const routes = { ...fallback.routes }
  /** Reports the row (when asked for) and keeps a route that exists. */
  const record = ({ row }: Found): void => {
    if (wanted(row.operation)) rows.push(row)
    if (row.outcome === 'works' || row.outcome === 'no-data') {
      routes[row.operation] = { path: row.path, placement: row.placement }
    }
  }

  const locations = await find('listLocations', 'query', PLACEHOLDER_SAMPLE)
  const locationsResult = locations.result ?? lastResult
  record(locations)
  const listed = locations.result?.ok ? (locations.result.data as LocationsPayload) : undefined
  const first = listed?.locations[0]
  const sample = first
    ? { location: first.slug, countryCode: first.country_code || 'NG' }
    : PLACEHOLDER_SAMPLE
  // A refused key or quota is refused everywhere, and a service that cannot be reached is
  // unreachable for every route: asking on would only spend (metered) requests.
  const stopAll = locationsResult?.ok === false && STOP_CODES.has(locationsResult.error.code)
  const stopped = (operation: RoutedOperation): Found => {
    const outcome = locations.row.outcome === 'auth' ? 'auth' : 'error'
    const detail = `not tried: ${locations.row.detail ?? 'the locations route failed'}`
    return { row: { operation, ...routes[operation], outcome, detail } }
  }
  for (const operation of OTHER_OPERATIONS.filter(wanted)) {
    record(
      locations.row.outcome === 'auth' || stopAll
        ? stopped(operation)
        : await find(operation, routes.listLocations.placement, sample)
    )
  }
  return {
    layout: { profile: profileOf(baseUrl, routes), routes },
    rows,
    requests,
    locationsFound: listed?.locations.length ?? 0,
    locationsResult,
    locationsMs: locations.ms ?? 0,
    ...(signal.aborted ? ({ stopped: deadline.aborted ? 'deadline' : 'cancelled' } as const) : {})
  }
}

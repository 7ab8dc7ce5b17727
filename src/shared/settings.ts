/** User settings: persisted by main (never containing the API key in plain text). */
import { z } from 'zod'
import { BedTypeSchema, defaultBedTypes } from './bed-types'
import { DEFAULT_GROWTH_MEANING, GROWTH_MEANINGS } from './growth'
import { lineOfText, orUndefined, refineWith } from './validation'

/**
 * v2: bed types carry an optional label ({ value, label }); v3: route layouts per base URL.
 * The steps are in src/main/settings/migrations.ts.
 */
export const SETTINGS_SCHEMA_VERSION = 3

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host)
}

/** Why a base URL is unacceptable, or undefined when it is fine. */
export function baseUrlProblem(value: string): string | undefined {
  if (!URL.canParse(value)) return 'must be a full URL such as https://api.example.com/v1'
  const url = new URL(value)
  const loopbackHttp = url.protocol === 'http:' && isLoopbackHost(url.hostname)
  if (url.protocol !== 'https:' && !loopbackHttp)
    return 'must use https (plain http is only allowed for localhost / 127.0.0.1)'
  if (url.username || url.password || url.search || url.hash)
    return 'must not contain credentials, a query string or a fragment'
  return undefined
}

/** https, or http only for a loopback host. Empty string means "not configured". */
export const BaseUrlSchema = z.union([
  z.literal(''),
  z.string().trim().max(2048).superRefine(refineWith(baseUrlProblem))
])

export const TimeoutsSchema = z.object({
  connectMs: z.number().int().min(100).max(120_000),
  headersMs: z.number().int().min(100).max(300_000),
  bodyMs: z.number().int().min(100).max(300_000)
})
export type Timeouts = z.infer<typeof TimeoutsSchema>

/** The lookups that reach the service: each a service client call, placed by a route layout. */
export const ROUTED_OPERATIONS = [
  'listLocations',
  'getResidentialPrice',
  'getGrowth',
  'getLandPrice'
] as const
export type RoutedOperation = (typeof ROUTED_OPERATIONS)[number]

export const ParameterPlacementSchema = z.enum(['query', 'body', 'both'])
export type Placement = z.infer<typeof ParameterPlacementSchema>

/**
 * Why a route path is unacceptable, or undefined when it is fine. `a/b` is joined onto the base
 * URL's path, `/a/b` onto its origin (scheme, host and port); nothing else may be in it.
 */
export function routePathProblem(path: string): string | undefined {
  if (!path.trim() || path.trim() === '/') return 'must name a path such as v1/growth'
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//'))
    return 'must be a path only, without a scheme or host'
  if (/[?#]/.test(path)) return 'must not contain a query string or fragment'
  if (/\\|\s/.test(path)) return 'must not contain backslashes or spaces'
  // Decoded first: a URL parser reads %2e%2e as .., which would climb out of the base path.
  const segments = path.split('/').map((segment) => orUndefined(() => decodeURIComponent(segment)))
  if (segments.includes(undefined)) return 'must use valid percent-encoding'
  if (segments.some((segment) => segment === '..' || segment === '.'))
    return 'must not contain . or .. segments'
  if (segments.some((segment) => /[/\\]/.test(segment ?? '')))
    return 'must not contain encoded slashes or backslashes'
  if (!/^\/?[A-Za-z0-9._~%!$&'()*+,;=:@-]+(?:\/[A-Za-z0-9._~%!$&'()*+,;=:@-]+)*\/?$/.test(path))
    return 'must be made of URL path segments separated by single slashes'
  return undefined
}

export const OperationRouteSchema = z.strictObject({
  path: z.string().trim().max(256).superRefine(refineWith(routePathProblem)),
  placement: ParameterPlacementSchema
})
export type OperationRoute = z.infer<typeof OperationRouteSchema>

/** A route for every routed operation, and nothing else (an enum-keyed record is exhaustive). */
export const RouteLayoutSchema = z.strictObject({
  profile: z.enum(['provider', 'spec', 'custom']),
  routes: z.record(z.enum(ROUTED_OPERATIONS), OperationRouteSchema)
})
export type RouteLayout = z.infer<typeof RouteLayoutSchema>
export type LayoutProfile = RouteLayout['profile']

/** Every route at the base URL, as the public spec shows (docs/service-contract.md). */
export function specLayout(placement: Placement = 'query'): RouteLayout {
  const at = (path: string): OperationRoute => ({ path, placement })
  return {
    profile: 'spec',
    routes: {
      listLocations: at('locations'),
      getResidentialPrice: at('residential-prices'),
      getGrowth: at('growth'),
      getLandPrice: at('land-prices')
    }
  }
}

/**
 * The real provider (Estate Intel) as public clients call it: /locations at the host's root,
 * prices under /v1/. Growth is not called by any public client: /v1/growth is a guess that
 * discovery confirms or corrects.
 */
export function providerLayout(): RouteLayout {
  const routes = Object.entries(specLayout().routes).map(([operation, { path }]) => [
    operation,
    { path: path === 'locations' ? '/locations' : `/v1/${path}`, placement: 'query' }
  ])
  return { profile: 'provider', routes: Object.fromEntries(routes) as RouteLayout['routes'] }
}

/** At most this many base URLs keep a layout (the oldest are dropped by whoever adds one). */
export const MAX_ROUTE_LAYOUTS = 20

export const RouteLayoutsSchema = z
  .record(BaseUrlSchema, RouteLayoutSchema)
  .refine((layouts) => Object.keys(layouts).length <= MAX_ROUTE_LAYOUTS, {
    message: `at most ${MAX_ROUTE_LAYOUTS} base URLs`
  })

/** The layout used for a base URL: the one saved for it, else the spec layout. */
export function layoutFor(
  settings: Pick<Settings, 'routeLayouts' | 'parameterPlacement'>,
  baseUrl: string
): RouteLayout {
  return settings.routeLayouts[baseUrl] ?? specLayout(settings.parameterPlacement)
}

/** The layouts with `layout` saved for `baseUrl` (most recent last, bounded). */
export function withRouteLayout(
  layouts: Readonly<Record<string, RouteLayout>>,
  baseUrl: string,
  layout: RouteLayout
): Record<string, RouteLayout> {
  const others = Object.entries(layouts).filter(([url]) => url !== baseUrl)
  const kept = others.slice(Math.max(0, others.length - (MAX_ROUTE_LAYOUTS - 1)))
  return { ...Object.fromEntries(kept), [baseUrl]: layout }
}

/** Who hands the location report to a client: printed in the report's agent block. */
export const AgentSchema = z.strictObject({
  name: lineOfText(80),
  agency: lineOfText(80),
  contact: lineOfText(160)
})
export type Agent = z.infer<typeof AgentSchema>

export const SettingsSchema = z.object({
  connectionMode: z.enum(['demo', 'remote']),
  baseUrl: BaseUrlSchema,
  parameterPlacement: ParameterPlacementSchema,
  timeouts: TimeoutsSchema,
  rentPeriod: z.enum(['year', 'month']),
  growthUnit: z.enum(['percent', 'fraction']),
  growthMeaning: z.enum(GROWTH_MEANINGS),
  bedTypes: z.array(BedTypeSchema).min(1).max(24),
  offlineMode: z.boolean(),
  theme: z.enum(['system', 'light', 'dark']),
  /** Route layout per base URL; a base URL without one uses the spec layout. */
  routeLayouts: RouteLayoutsSchema,
  /** Added without a version step: a file without it loads with the empty default. */
  agent: AgentSchema
})
export type Settings = z.infer<typeof SettingsSchema>

export const DEFAULT_SETTINGS: Settings = {
  connectionMode: 'demo',
  baseUrl: '',
  parameterPlacement: 'query',
  timeouts: { connectMs: 5_000, headersMs: 15_000, bodyMs: 15_000 },
  rentPeriod: 'year',
  growthUnit: 'percent',
  growthMeaning: DEFAULT_GROWTH_MEANING,
  bedTypes: defaultBedTypes(),
  offlineMode: false,
  theme: 'system',
  routeLayouts: {},
  agent: { name: '', agency: '', contact: '' }
}

/** What the renderer may change: any subset of the settings; timeouts may be partial too. */
export const SettingsUpdateSchema = SettingsSchema.omit({ timeouts: true })
  .partial()
  .extend({ timeouts: TimeoutsSchema.partial().optional() })
  .strict()
export type SettingsUpdate = z.infer<typeof SettingsUpdateSchema>

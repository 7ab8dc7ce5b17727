import { useMemo, useSyncExternalStore } from 'react'
import { SectorSchema } from '@shared/spec'
import type { Sector } from '@shared/spec'
import { orUndefined } from '@shared/validation'
import type { LocationRef } from './location-ref'

/** Hash routes: #/explore/residential, #/location/residential/NG/lekki-phase-1, #/compare, … */
export type Route =
  | { screen: 'explore'; sector: Sector }
  | { screen: 'location'; sector: Sector; countryCode: string; slug: string }
  | { screen: 'compare' }
  | { screen: 'saved' }
  | { screen: 'settings' }
  | { screen: 'rankings' }
  /** A hash no screen answers to (an old link, a typo): shown as such, never as Explore. */
  | { screen: 'not-found'; hash: string }

export type Screen = Route['screen']

const DEFAULT_ROUTE: Route = { screen: 'explore', sector: 'residential' }

const isSector = (value: string | undefined): value is Sector =>
  SectorSchema.safeParse(value).success

function matchRoute(parts: readonly string[]): Route | undefined {
  const [screen, a, b, c, ...rest] = parts
  if (rest.length > 0) return undefined
  switch (screen) {
    case undefined:
      return DEFAULT_ROUTE
    case 'explore':
      return b === undefined && (a === undefined || isSector(a))
        ? { screen: 'explore', sector: a ?? 'residential' }
        : undefined
    case 'location':
      return isSector(a) && b && c
        ? { screen: 'location', sector: a, countryCode: b, slug: c }
        : undefined
    case 'compare':
    case 'saved':
    case 'settings':
    case 'rankings':
      return a === undefined ? { screen } : undefined
    default:
      return undefined
  }
}

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#\/?/, '')
  // Undefined for a malformed %-escape.
  const parts = orUndefined(() => path.split('/').filter(Boolean).map(decodeURIComponent))
  return (parts && matchRoute(parts)) ?? { screen: 'not-found', hash }
}

/** The sector Explore shows from `route`: the one the user is in, else residential. */
export function exploreSectorOf(route: Route): Sector {
  return route.screen === 'explore' || route.screen === 'location' ? route.sector : 'residential'
}

export function routeToHash(route: Route): string {
  switch (route.screen) {
    case 'explore':
      return `#/explore/${route.sector}`
    case 'location':
      return `#/location/${route.sector}/${encodeURIComponent(route.countryCode)}/${encodeURIComponent(route.slug)}`
    case 'not-found':
      return route.hash
    default:
      return `#/${route.screen}`
  }
}

/** The route of one location's screen. */
export function locationRoute(ref: Pick<LocationRef, 'sector' | 'countryCode' | 'slug'>): Route {
  return { screen: 'location', sector: ref.sector, countryCode: ref.countryCode, slug: ref.slug }
}

export function navigate(route: Route): void {
  const hash = routeToHash(route)
  if (window.location.hash !== hash) window.location.hash = hash
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener)
  return () => window.removeEventListener('hashchange', listener)
}

const readHash = () => window.location.hash

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, readHash, () => '')
  return useMemo(() => parseRoute(hash), [hash])
}

import { useSyncExternalStore } from 'react'
import type { Sector } from '../../../shared/spec'

/** Hash routes: #/explore/residential, #/location/residential/NG/lekki-phase-1, #/compare, … */
export type Route =
  | { screen: 'explore'; sector: Sector }
  | { screen: 'location'; sector: Sector; countryCode: string; slug: string }
  | { screen: 'compare' }
  | { screen: 'saved' }
  | { screen: 'settings' }

export type Screen = Route['screen']

const DEFAULT_ROUTE: Route = { screen: 'explore', sector: 'residential' }

function toSector(value: string | undefined): Sector {
  return value === 'land' ? 'land' : 'residential'
}

export function parseRoute(hash: string): Route {
  const parts = hash
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => decodeURIComponent(part))
  const [screen, a, b, c] = parts
  switch (screen) {
    case 'explore':
      return { screen: 'explore', sector: toSector(a) }
    case 'location':
      if (a && b && c) return { screen: 'location', sector: toSector(a), countryCode: b, slug: c }
      return DEFAULT_ROUTE
    case 'compare':
    case 'saved':
    case 'settings':
      return { screen }
    default:
      return DEFAULT_ROUTE
  }
}

export function routeToHash(route: Route): string {
  switch (route.screen) {
    case 'explore':
      return `#/explore/${route.sector}`
    case 'location':
      return `#/location/${route.sector}/${encodeURIComponent(route.countryCode)}/${encodeURIComponent(route.slug)}`
    default:
      return `#/${route.screen}`
  }
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
  return parseRoute(hash)
}

import type { Location, Sector } from '@shared/spec'

/** Everything needed to open, label and look up one location without the locations list. */
export interface LocationRef {
  sector: Sector
  slug: string
  countryCode: string
  name: string
  city: string
  country: string
}

export function locationKey(ref: Pick<LocationRef, 'sector' | 'countryCode' | 'slug'>): string {
  return `${ref.sector}:${ref.countryCode.toUpperCase()}:${ref.slug}`
}

export function toLocationRef(location: Location, sector: Sector): LocationRef {
  return {
    sector,
    slug: location.slug,
    countryCode: location.country_code.toUpperCase(),
    name: location.name,
    city: location.city,
    country: location.country
  }
}

/** `lekki-phase-1` → `Lekki Phase 1`: a readable label while the real name is unknown. */
export function humanizeSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

export function sameLocation(
  a: Pick<LocationRef, 'sector' | 'countryCode' | 'slug'>,
  b: Pick<LocationRef, 'sector' | 'countryCode' | 'slug'>
): boolean {
  return locationKey(a) === locationKey(b)
}

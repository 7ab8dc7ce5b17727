import { z } from 'zod'
import { SectorSchema } from '@shared/spec'
import type { Location, Sector } from '@shared/spec'
import { isRecord } from '@shared/validation'

/** Everything needed to open, label and look up one location without the locations list. */
export const LocationRefSchema = z.object({
  sector: SectorSchema,
  slug: z.string(),
  countryCode: z.string(),
  name: z.string(),
  city: z.string(),
  country: z.string()
})
export type LocationRef = z.infer<typeof LocationRefSchema>

/** What tells one location from another. */
export type LocationPlace = Pick<LocationRef, 'sector' | 'countryCode' | 'slug'>

export function locationKey(ref: LocationPlace): string {
  return `${ref.sector}:${ref.countryCode.toUpperCase()}:${ref.slug}`
}

/** The location a cached lookup's key is about; none for a locations list or any other key. */
export function placeOfKey(queryKey: readonly unknown[]): LocationPlace | undefined {
  const [, kind, params] = queryKey
  if (!isRecord(params) || typeof params['location'] !== 'string' || !params['location'])
    return undefined
  const sector =
    kind === 'landPrice' ? 'land' : kind === 'residentialPrice' ? 'residential' : params['sector']
  if (sector !== 'land' && sector !== 'residential') return undefined
  const countryCode = String(params['countryCode'] ?? '').toUpperCase()
  return { sector, slug: params['location'], countryCode }
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

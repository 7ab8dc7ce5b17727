import type { Location } from '@shared/spec'

/** A small illustrative dataset for tests and screenshots (made-up figures). */
const PLACES: Array<
  [country: string, code: string, currency: string, city: string, names: string[]]
> = [
  [
    'Nigeria',
    'NG',
    'NGN',
    'Lagos',
    ['Lekki Phase 1', 'Ikoyi', 'Victoria Island', 'Yaba', 'Surulere', 'Ikeja GRA']
  ],
  ['Nigeria', 'NG', 'NGN', 'Abuja', ['Maitama', 'Wuse 2', 'Gwarinpa', 'Asokoro']],
  ['Nigeria', 'NG', 'NGN', 'Port Harcourt', ['GRA Phase 2', 'Trans Amadi']],
  ['Ghana', 'GH', 'GHS', 'Accra', ['East Legon', 'Osu', 'Cantonments', 'Airport Residential']],
  ['Kenya', 'KE', 'KES', 'Nairobi', ['Westlands', 'Kilimani', 'Karen', 'Lavington']]
]

function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

export const FAKE_LOCATIONS: Location[] = PLACES.flatMap(([country, code, , city, names]) =>
  names.map((name) => ({ name, slug: slugify(name), city, country, country_code: code }))
)

/** Land data exists for a subset, as with the real service (two different sets). */
export const FAKE_LAND_LOCATIONS: Location[] = FAKE_LOCATIONS.filter((_, index) => index % 2 === 0)

export const CURRENCY_BY_COUNTRY: Record<string, string> = Object.fromEntries(
  PLACES.map(([, code, currency]) => [code, currency])
)

/** Stable pseudo-random number in [0, 1) from a string. */
export function hashUnit(text: string): number {
  let hash = 2166136261
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 16777619)
  }
  return ((hash >>> 0) % 10_000) / 10_000
}

const SALE_BASE: Record<string, number> = { NGN: 60_000_000, GHS: 1_400_000, KES: 18_000_000 }

export function fakeSalePrice(slug: string, countryCode: string, beds: string): number {
  const currency = CURRENCY_BY_COUNTRY[countryCode] ?? 'NGN'
  const base = SALE_BASE[currency] ?? 1_000_000
  const bedFactor = 0.6 + Number.parseInt(beds, 10) * 0.45 || 1
  return Math.round((base * bedFactor * (0.6 + hashUnit(slug) * 1.2)) / 1000) * 1000
}

/** Yearly rent: 4–9 % of the sale price. */
export function fakeYearlyRent(slug: string, countryCode: string, beds: string): number {
  const ratio = 0.04 + hashUnit(`${slug}:${beds}:rent`) * 0.05
  return Math.round((fakeSalePrice(slug, countryCode, beds) * ratio) / 1000) * 1000
}

/** Growth in percent (e.g. 7.5). */
export function fakeGrowthPercent(key: string): number {
  return Math.round((hashUnit(key) * 16 - 2) * 100) / 100
}

import { describe, expect, it } from 'vitest'
import { HIDDEN_CONTROLS } from '../../test/support/shared/hostile-text'
import {
  envelopeSchema,
  GrowthPayloadSchema,
  LandPricePayloadSchema,
  LocationsPayloadSchema,
  ResidentialPricePayloadSchema
} from './spec'

const LOCATION = {
  name: 'Lekki Phase 1',
  slug: 'lekki-phase-1',
  city: 'Lagos',
  country: 'Nigeria',
  country_code: 'NG'
}
const PRICE = { price: 5e6, beds: '3', location: 'lekki-phase-1', country_code: 'NG' }
const LOCATIONS = envelopeSchema(LocationsPayloadSchema)
const RESIDENTIAL = envelopeSchema(ResidentialPricePayloadSchema)
const LAND = envelopeSchema(LandPricePayloadSchema)
const GROWTH = envelopeSchema(GrowthPayloadSchema)

const answer = (data: unknown, message = 'Found.') => ({ success: true, message, data })
const issuePaths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? []

describe('text the service answers is bounded in length', () => {
  it('refuses a 7 MiB currency, naming the field', () => {
    const currency = 'N'.repeat(7 * 1024 * 1024)
    const parsed = RESIDENTIAL.safeParse(answer({ ...PRICE, currency }))
    expect(parsed.success).toBe(false)
    expect(issuePaths(parsed)).toEqual(['data.currency'])
  })

  it('refuses every over-long text field of every answer', () => {
    const long = (chars: number) => 'a'.repeat(chars)
    const cases: Array<[string, { safeParse(value: unknown): unknown }, unknown, string]> = [
      [
        'name',
        LOCATIONS,
        { sector: 'land', locations: [{ ...LOCATION, name: long(5_000) }] },
        'data.locations.0.name'
      ],
      [
        'slug',
        LOCATIONS,
        { sector: 'land', locations: [{ ...LOCATION, slug: long(5_000) }] },
        'data.locations.0.slug'
      ],
      [
        'city',
        LOCATIONS,
        { sector: 'land', locations: [{ ...LOCATION, city: long(5_000) }] },
        'data.locations.0.city'
      ],
      [
        'country',
        LOCATIONS,
        { sector: 'land', locations: [{ ...LOCATION, country: long(5_000) }] },
        'data.locations.0.country'
      ],
      [
        'country code',
        LOCATIONS,
        { sector: 'land', locations: [{ ...LOCATION, country_code: long(100) }] },
        'data.locations.0.country_code'
      ],
      ['sector', LOCATIONS, { sector: long(1_000), locations: [] }, 'data.sector'],
      ['beds', RESIDENTIAL, { ...PRICE, currency: 'NGN', beds: long(1_000) }, 'data.beds'],
      [
        'location',
        RESIDENTIAL,
        { ...PRICE, currency: 'NGN', location: long(5_000) },
        'data.location'
      ],
      ['land currency', LAND, { price: 1, currency: long(100) }, 'data.currency'],
      ['land unit', LAND, { price: 1, currency: 'NGN', unit: long(1_000) }, 'data.unit'],
      [
        'land location',
        LAND,
        { price: 1, currency: 'NGN', location: long(5_000) },
        'data.location'
      ],
      ['period', GROWTH, { growth: 1, period: `2020-2025${' '.repeat(100_000)}` }, 'data.period']
    ]
    for (const [what, schema, data, path] of cases) {
      const parsed = schema.safeParse(answer(data)) as Parameters<typeof issuePaths>[0]
      expect(parsed.success, what).toBe(false)
      expect(issuePaths(parsed), what).toContain(path)
    }
    const message = RESIDENTIAL.safeParse(answer({ ...PRICE, currency: 'NGN' }, long(5_000)))
    expect(issuePaths(message)).toEqual(['message'])
  })
})

describe('names the service gives are neutralised where they enter', () => {
  it('replaces the right-to-left override that makes a name read as another', () => {
    const spoof = 'Ikoyi \u202E1 esahP ikkeL'
    const parsed = LOCATIONS.parse(
      answer({ sector: 'residential', locations: [{ ...LOCATION, name: spoof }] })
    )
    const name = parsed.data.locations[0]?.name
    expect(name).toBe('Ikoyi \uFFFD1 esahP ikkeL')
  })

  it('replaces every bidi and control character in names, cities, countries, currencies and units', () => {
    for (const control of HIDDEN_CONTROLS) {
      const text = `Lekki${control}Phase`
      const listed = LOCATIONS.parse(
        answer({
          sector: 'land',
          locations: [{ ...LOCATION, name: text, city: text, country: text }]
        })
      ).data.locations[0]
      const land = LAND.parse(answer({ price: 1, currency: `N${control}N`, unit: text })).data
      for (const shown of [listed?.name, listed?.city, listed?.country, land.currency, land.unit]) {
        expect(shown?.includes(control), JSON.stringify(control)).toBe(false)
        expect(shown, JSON.stringify(control)).toContain('\uFFFD')
      }
    }
  })

  it('lists a location with a blank name by its slug, so no row of a list reads as nothing', () => {
    for (const name of ['', '   ', '\t\n']) {
      const listed = LOCATIONS.parse(
        answer({ sector: 'residential', locations: [{ ...LOCATION, name }] })
      ).data.locations[0]
      expect(listed?.name, JSON.stringify(name)).toBe('lekki-phase-1')
    }
  })
})

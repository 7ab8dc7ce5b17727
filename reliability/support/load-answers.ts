/**
 * Every valid URL of the bundled dataset with the answer it must get: the success envelope, its
 * data valid by the spec, holding the dataset's figure (price, growth, or the locations listed).
 */
import type { z } from 'zod'
import { bundledDatasetLoaded } from '../../src/service'
import {
  envelopeSchema,
  GrowthPayloadSchema,
  LandPricePayloadSchema,
  LocationsPayloadSchema,
  ResidentialPricePayloadSchema
} from '@shared/spec'

export interface LoadCase {
  path: string
  /** What is wrong with the answer; undefined when it is the expected one. */
  check(status: number, body: string): string | undefined
}

function answerCheck<T extends z.ZodType>(
  data: T,
  expected: (payload: z.output<T>) => string | undefined
): LoadCase['check'] {
  const schema = envelopeSchema(data)
  return (status, body) => {
    if (status !== 200) return `status ${status}`
    let json: unknown
    try {
      json = JSON.parse(body)
    } catch {
      return 'body is not JSON'
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success) return 'not the success envelope with valid data'
    return expected((parsed.data as { data: z.output<T> }).data)
  }
}

const differs = (what: string, got: unknown, want: unknown): string | undefined =>
  got === want ? undefined : `${what} ${String(got)}, expected ${String(want)}`

export function everyValidCase(): LoadCase[] {
  const dataset = bundledDatasetLoaded()
  const cases: LoadCase[] = []
  for (const sector of ['residential', 'land'] as const) {
    const count = dataset.locationsBySector[sector].length
    cases.push({
      path: `/locations?sector=${sector}`,
      check: answerCheck(LocationsPayloadSchema, (data) =>
        differs('locations listed', data.locations.length, count)
      )
    })
  }
  for (const entry of dataset.residentialByKey.values()) {
    const place = `location=${entry.slug}&country_code=${entry.country_code}`
    for (const type of ['rent', 'sale'] as const) {
      for (const [beds, price] of Object.entries(entry.prices[type])) {
        cases.push({
          path: `/residential-prices?${place}&type=${type}&beds=${beds}`,
          check: answerCheck(
            ResidentialPricePayloadSchema,
            (data) =>
              differs('price', data.price, price) ?? differs('location', data.location, entry.slug)
          )
        })
      }
      for (const [beds, growth] of Object.entries(entry.growth[type])) {
        cases.push({
          path: `/growth?${place}&sector=residential&type=${type}&beds=${beds}`,
          check: answerCheck(GrowthPayloadSchema, (data) => differs('growth', data.growth, growth))
        })
      }
    }
  }
  for (const entry of dataset.landByKey.values()) {
    const place = `location=${entry.slug}&country_code=${entry.country_code}`
    cases.push(
      {
        path: `/land-prices?${place}`,
        check: answerCheck(
          LandPricePayloadSchema,
          (data) =>
            differs('price', data.price, entry.price) ??
            differs('location', data.location, entry.slug)
        )
      },
      {
        path: `/growth?${place}&sector=land`,
        check: answerCheck(GrowthPayloadSchema, (data) =>
          differs('growth', data.growth, entry.growth)
        )
      }
    )
  }
  return [...cases, ...cases.map((item) => ({ ...item, path: `/v1${item.path}` }))]
}

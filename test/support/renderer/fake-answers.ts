import type { OperationInput } from '@shared/operations'
import type { Settings } from '@shared/settings'
import type {
  GrowthPayload,
  LandPricePayload,
  Location,
  ResidentialPricePayload
} from '@shared/spec'
import {
  CURRENCY_BY_COUNTRY,
  fakeGrowthPercent,
  fakeSalePrice,
  fakeYearlyRent,
  hashUnit
} from './fake-dataset'

/** What the fake service knows and how it is configured. */
export interface AnswerContext {
  residential: readonly Location[]
  land: readonly Location[]
  settings: Settings
  /** How the fake service states growth and rent (by default, as the settings read them). */
  units: Pick<Settings, 'growthUnit' | 'rentPeriod'>
  notFoundBeds?: Record<string, string[]>
  noLandPrice?: string[]
}

export type Answer<T> = { ok: true; data: T } | { ok: false; message: string }

const notFound = (message: string): Answer<never> => ({ ok: false, message })

export function answerResidentialPrice(
  input: OperationInput<'getResidentialPrice'>,
  context: AnswerContext
): Answer<ResidentialPricePayload> {
  const countryCode = input.countryCode.toUpperCase()
  const known = context.residential.some(
    (l) => l.slug === input.location && l.country_code === countryCode
  )
  if (!known || context.notFoundBeds?.[input.location]?.includes(input.beds)) {
    return notFound(`No ${input.type} price for ${input.beds} beds in ${input.location}.`)
  }
  const price =
    input.type === 'sale'
      ? fakeSalePrice(input.location, countryCode, input.beds)
      : fakeYearlyRent(input.location, countryCode, input.beds) /
        (context.units.rentPeriod === 'month' ? 12 : 1)
  return {
    ok: true,
    data: {
      price: Math.round(price),
      beds: input.beds,
      location: input.location,
      country_code: countryCode,
      currency: CURRENCY_BY_COUNTRY[countryCode] ?? 'NGN'
    }
  }
}

export function answerGrowth(
  input: OperationInput<'getGrowth'>,
  context: AnswerContext
): Answer<GrowthPayload> {
  if (input.beds && context.notFoundBeds?.[input.location]?.includes(input.beds)) {
    return notFound(`No growth for ${input.beds} beds in ${input.location}.`)
  }
  const percent = fakeGrowthPercent(
    `${input.location}:${input.sector}:${input.type ?? ''}:${input.beds ?? ''}`
  )
  return {
    ok: true,
    data: {
      growth: context.units.growthUnit === 'fraction' ? percent / 100 : percent,
      period: '2020-2025'
    }
  }
}

export function answerLandPrice(
  input: OperationInput<'getLandPrice'>,
  context: AnswerContext
): Answer<LandPricePayload> {
  const countryCode = input.countryCode.toUpperCase()
  if (
    context.noLandPrice?.includes(input.location) ||
    !context.land.some((l) => l.slug === input.location)
  ) {
    return notFound(`No land price for ${input.location}.`)
  }
  const currency = CURRENCY_BY_COUNTRY[countryCode] ?? 'NGN'
  const base = currency === 'NGN' ? 180_000 : currency === 'KES' ? 42_000 : 2_600
  return {
    ok: true,
    data: {
      price: Math.round(base * (0.5 + hashUnit(input.location) * 1.5)),
      currency,
      location: input.location,
      country_code: countryCode,
      unit: 'sqm'
    }
  }
}

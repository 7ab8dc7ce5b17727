import { z } from 'zod'
import { GROWTH_MEANING_WORDS, growthFieldName } from '@shared/growth'
import type { Column } from '../format'
import {
  bedsField,
  bedTypeWords,
  GROWTH_IS_HELP,
  growthIsField,
  countryField,
  countryFor,
  locationField,
  sectorField,
  typeField
} from '../fields'
import { defineCommand } from './command'

const GrowthArgs = z
  .object({
    location: locationField,
    country: countryField.optional(),
    sector: sectorField,
    type: typeField.optional(),
    beds: bedsField.optional(),
    'growth-is': growthIsField.default('per-year')
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.sector === 'residential') {
      if (!value.type) {
        ctx.addIssue({
          code: 'custom',
          path: ['type'],
          message: 'is required for residential growth (rent or sale)'
        })
      }
      if (!value.beds) {
        ctx.addIssue({
          code: 'custom',
          path: ['beds'],
          message: 'is required for residential growth, e.g. --beds 3'
        })
      }
      return
    }
    for (const option of ['type', 'beds'] as const) {
      if (value[option] !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [option],
          message: 'applies to residential growth only; land growth takes none'
        })
      }
    }
  })

export const growthCommand = defineCommand({
  name: 'growth',
  summary: "growth over the service's period (avg per year or total) for a location and sector",
  usage:
    'growth --location SLUG[:CC] [--country CC] --sector residential|land [--type rent|sale --beds N] [--growth-is per-year|total]',
  help: `Options:
  --location SLUG[:CC]   location slug, e.g. ikoyi or east-legon:GH (required)
  --country CC           its ISO country code when not given as slug:CC (default NG)
  --sector SECTOR        residential or land (required)
  --type TYPE            rent or sale (required for residential, not allowed for land)
  --beds N               bed type (required for residential, not allowed for land)
${GROWTH_IS_HELP}

The growth figure is the service's own number (the demo service answers a percentage). The
table and CSV name it growth_avg_per_year or growth_total; JSON adds growth_is ("avg per year"
or "total"). bed_type is the bed value's name ("1 bed / self-contained", "3 bed").

Examples:
  npm run cli -- growth --location ikoyi --sector residential --type sale --beds 3
  npm run cli -- growth --location ibeju-lekki --sector land --json`,
  options: ['location', 'country', 'sector', 'type', 'beds', 'growth-is'],
  schema: GrowthArgs,
  async run(args, { handlers }) {
    const countryCode = countryFor(args.location, args.country)
    const residential = args.sector === 'residential'
    const result = await handlers.getGrowth({
      location: args.location.slug,
      countryCode,
      sector: args.sector,
      ...(args.type ? { type: args.type } : {}),
      ...(args.beds ? { beds: args.beds } : {})
    })
    if (!result.ok) return result
    const meaning = args['growth-is']
    const columns: Column[] = [
      { header: 'location', kind: 'text' },
      { header: 'country_code', kind: 'text' },
      { header: 'sector', kind: 'text' },
      ...(residential
        ? [
            { header: 'type', kind: 'text' } as const,
            { header: 'beds', kind: 'text' } as const,
            { header: 'bed_type', kind: 'text' } as const
          ]
        : []),
      { header: growthFieldName(meaning), kind: 'number', decimals: 4, minDecimals: 1 },
      { header: 'period', kind: 'text' }
    ]
    const row = [
      args.location.slug,
      countryCode,
      args.sector,
      ...(residential
        ? [args.type ?? null, args.beds ?? null, args.beds ? bedTypeWords(args.beds) : null]
        : []),
      result.data.growth,
      result.data.period
    ]
    const json = { ...result.data, growth_is: GROWTH_MEANING_WORDS[meaning] }
    return { ok: true, data: { json, notes: [], table: { columns, rows: [row] } } }
  }
})

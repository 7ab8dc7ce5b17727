import { z } from 'zod'
import { residentialGrowthRule } from '@shared/contract'
import { GROWTH_MEANING_WORDS } from '@shared/growth'
import {
  bedsField,
  bedTypeWords,
  GROWTH_IS_HELP,
  growthIsField,
  countryFor,
  placeFields,
  placeHelp,
  sectorField,
  typeField
} from '../fields'
import { defineCommand, growthColumn, printed } from './command'

const GrowthArgs = z
  .object({
    ...placeFields,
    sector: sectorField,
    type: typeField.optional(),
    beds: bedsField.optional(),
    'growth-is': growthIsField.default('per-year')
  })
  .superRefine((value, ctx) => {
    residentialGrowthRule(value, ctx)
    if (value.sector === 'residential') return
    const message = 'applies to residential growth only; land growth takes none'
    for (const option of ['type', 'beds'] as const) {
      if (value[option] !== undefined) ctx.addIssue({ code: 'custom', path: [option], message })
    }
  })

export const growthCommand = defineCommand({
  name: 'growth',
  summary: "growth over the service's period (avg per year or total) for a location and sector",
  usage:
    'growth --location SLUG[:CC] [--country CC] --sector residential|land [--type rent|sale --beds N] [--growth-is per-year|total]',
  help: `Options:
${placeHelp('ikoyi')}
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
  schema: GrowthArgs,
  async run(args, { handlers }) {
    const countryCode = countryFor(args.location, args.country)
    const { sector, type, beds } = args
    const residential = sector === 'residential'
    const result = await handlers.getGrowth({
      location: args.location.slug,
      countryCode,
      sector,
      ...(type ? { type } : {}),
      ...(beds ? { beds } : {})
    })
    if (!result.ok) return result
    const meaning = args['growth-is']
    const growth = growthColumn(meaning)
    const bedColumns = residential ? ['type', 'beds', 'bed_type'] : []
    const columns = ['location', 'country_code', 'sector', ...bedColumns, growth, 'period']
    const cells = {
      ...result.data,
      location: args.location.slug,
      country_code: countryCode,
      sector,
      type,
      beds,
      bed_type: beds ? bedTypeWords(beds) : undefined,
      [growth.header]: result.data.growth
    }
    return printed({ ...result.data, growth_is: GROWTH_MEANING_WORDS[meaning] }, columns, [cells])
  }
})

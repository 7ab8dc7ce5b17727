import { z } from 'zod'
import {
  bedsField,
  bedTypeWords,
  countryField,
  countryFor,
  locationField,
  typeField
} from '../fields'
import { defineCommand } from './command'

export const priceCommand = defineCommand({
  name: 'price',
  summary: 'average residential rent or sale price for one location and bed type',
  usage: 'price --location SLUG[:CC] [--country CC] --type rent|sale --beds N',
  help: `Options:
  --location SLUG[:CC]   location slug, e.g. lekki-phase-1 or east-legon:GH (required)
  --country CC           its ISO country code when not given as slug:CC (default NG)
  --type TYPE            rent or sale (required)
  --beds N               bed type, e.g. 3 (required; values are the service's own)

bed_type is the bed value's name ("1 bed / self-contained", "3 bed").

Examples:
  npm run cli -- price --location lekki-phase-1 --type rent --beds 3
  npm run cli -- price --location east-legon --country GH --type sale --beds 2 --json`,
  options: ['location', 'country', 'type', 'beds'],
  schema: z
    .object({
      location: locationField,
      country: countryField.optional(),
      type: typeField,
      beds: bedsField
    })
    .strict(),
  async run(args, { handlers }) {
    const countryCode = countryFor(args.location, args.country)
    const result = await handlers.getResidentialPrice({
      location: args.location.slug,
      countryCode,
      type: args.type,
      beds: args.beds
    })
    if (!result.ok) return result
    const data = result.data
    return {
      ok: true,
      data: {
        json: data,
        notes: [],
        table: {
          columns: [
            { header: 'location', kind: 'text' },
            { header: 'country_code', kind: 'text' },
            { header: 'type', kind: 'text' },
            { header: 'beds', kind: 'text' },
            { header: 'bed_type', kind: 'text' },
            { header: 'price', kind: 'number' },
            { header: 'currency', kind: 'text' }
          ],
          rows: [
            [
              data.location,
              data.country_code,
              args.type,
              data.beds,
              bedTypeWords(data.beds),
              data.price,
              data.currency
            ]
          ]
        }
      }
    }
  }
})

import { z } from 'zod'
import { countryField, countryFor, locationField } from '../fields'
import { defineCommand } from './command'

export const landPriceCommand = defineCommand({
  name: 'land-price',
  summary: 'average land price for one location',
  usage: 'land-price --location SLUG[:CC] [--country CC]',
  help: `Options:
  --location SLUG[:CC]   location slug, e.g. ibeju-lekki or east-legon:GH (required)
  --country CC           its ISO country code when not given as slug:CC (default NG)

Examples:
  npm run cli -- land-price --location ibeju-lekki
  npm run cli -- land-price --location karen --country KE --json`,
  options: ['location', 'country'],
  schema: z.object({ location: locationField, country: countryField.optional() }).strict(),
  async run(args, { handlers }) {
    const countryCode = countryFor(args.location, args.country)
    const result = await handlers.getLandPrice({ location: args.location.slug, countryCode })
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
            { header: 'price', kind: 'number' },
            { header: 'currency', kind: 'text' },
            { header: 'unit', kind: 'text' }
          ],
          rows: [
            [
              data.location ?? args.location.slug,
              data.country_code ?? countryCode,
              data.price,
              data.currency,
              data.unit ?? null
            ]
          ]
        }
      }
    }
  }
})

import { z } from 'zod'
import { bedsField, bedTypeWords, countryFor, placeFields, placeHelp, typeField } from '../fields'
import { defineCommand, PRICE, printed } from './command'

export const priceCommand = defineCommand({
  name: 'price',
  summary: 'average residential rent or sale price for one location and bed type',
  usage: 'price --location SLUG[:CC] [--country CC] --type rent|sale --beds N',
  help: `Options:
${placeHelp('lekki-phase-1')}
  --type TYPE            rent or sale (required)
  --beds N               bed type, e.g. 3 (required; values are the service's own)

bed_type is the bed value's name ("1 bed / self-contained", "3 bed").

Examples:
  npm run cli -- price --location lekki-phase-1 --type rent --beds 3
  npm run cli -- price --location east-legon --country GH --type sale --beds 2 --json`,
  schema: z.object({ ...placeFields, type: typeField, beds: bedsField }),
  async run(args, { handlers }) {
    const countryCode = countryFor(args.location, args.country)
    const { type, beds } = args
    const location = args.location.slug
    const result = await handlers.getResidentialPrice({ location, countryCode, type, beds })
    if (!result.ok) return result
    const data = result.data
    const columns = ['location', 'country_code', 'type', 'beds', 'bed_type', PRICE, 'currency']
    return printed(data, columns, [{ ...data, type, bed_type: bedTypeWords(data.beds) }])
  }
})

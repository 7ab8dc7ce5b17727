import { z } from 'zod'
import { countryFor, placeFields, placeHelp } from '../fields'
import { defineCommand, PRICE, printed } from './command'

export const landPriceCommand = defineCommand({
  name: 'land-price',
  summary: 'average land price for one location',
  usage: 'land-price --location SLUG[:CC] [--country CC]',
  help: `Options:
${placeHelp('ibeju-lekki')}

Examples:
  npm run cli -- land-price --location ibeju-lekki
  npm run cli -- land-price --location karen --country KE --json`,
  schema: z.object(placeFields),
  async run(args, { handlers }) {
    const countryCode = countryFor(args.location, args.country)
    const location = args.location.slug
    const result = await handlers.getLandPrice({ location, countryCode })
    if (!result.ok) return result
    const data = result.data
    const cells = {
      ...data,
      location: data.location ?? location,
      country_code: data.country_code ?? countryCode
    }
    return printed(data, ['location', 'country_code', PRICE, 'currency', 'unit'], [cells])
  }
})

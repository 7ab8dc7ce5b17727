import { z } from 'zod'
import { sectorField } from '../fields'
import { defineCommand, printed } from './command'

export const locationsCommand = defineCommand({
  name: 'locations',
  summary: 'list the neighbourhoods with data for a sector',
  usage: 'locations --sector residential|land',
  help: `Options:
  --sector SECTOR   residential or land (required)

Examples:
  npm run cli -- locations --sector residential
  npm run cli -- locations --sector land --csv > land-locations.csv`,
  schema: z.object({ sector: sectorField }),
  async run({ sector }, { handlers }) {
    const result = await handlers.listLocations({ sector })
    if (!result.ok) return result
    const columns = ['slug', 'name', 'city', 'country', 'country_code']
    return printed(result.data, columns, result.data.locations)
  }
})

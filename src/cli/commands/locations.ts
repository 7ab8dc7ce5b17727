import { z } from 'zod'
import { sectorField } from '../fields'
import { defineCommand } from './command'

export const locationsCommand = defineCommand({
  name: 'locations',
  summary: 'list the neighbourhoods with data for a sector',
  usage: 'locations --sector residential|land',
  help: `Options:
  --sector SECTOR   residential or land (required)

Examples:
  npm run cli -- locations --sector residential
  npm run cli -- locations --sector land --csv > land-locations.csv`,
  options: ['sector'],
  schema: z.object({ sector: sectorField }).strict(),
  async run({ sector }, { handlers }) {
    const result = await handlers.listLocations({ sector })
    if (!result.ok) return result
    return {
      ok: true,
      data: {
        json: result.data,
        notes: [],
        table: {
          columns: [
            { header: 'slug', kind: 'text' },
            { header: 'name', kind: 'text' },
            { header: 'city', kind: 'text' },
            { header: 'country', kind: 'text' },
            { header: 'country_code', kind: 'text' }
          ],
          rows: result.data.locations.map((location) => [
            location.slug,
            location.name,
            location.city,
            location.country,
            location.country_code
          ])
        }
      }
    }
  }
})

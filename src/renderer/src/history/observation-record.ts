import { z } from 'zod'
import { DATA_SOURCES } from '@shared/result'
import type { ObservationSeries } from './observation-log'

/** A stored series as read back from IndexedDB: anything else is skipped, never shown. */
const ObservationSchema = z.object({
  value: z.number().finite(),
  unit: z.string(),
  firstSeenAt: z.number().finite(),
  lastSeenAt: z.number().finite()
})

const SeriesSchema = z.object({
  source: z.enum(DATA_SOURCES),
  baseUrl: z.string(),
  queryHash: z.string(),
  queryKey: z.array(z.unknown()),
  observations: z.array(ObservationSchema)
})

export function parseSeries(value: unknown): ObservationSeries | undefined {
  const parsed = SeriesSchema.safeParse(value)
  return parsed.success ? parsed.data : undefined
}

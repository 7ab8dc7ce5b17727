/**
 * The user's own observed history of one figure: an append-only, bounded list of the distinct
 * values this machine has seen, in the order the app recorded the answers (the list's order, never
 * the wall clock: a value fetched while the clock ran a year ahead does not block later ones). A
 * value equal to the last one only moves its last-seen time. An answer is recorded once: one whose
 * fetched-at time the list holds (a cache entry shown again) is ignored, also after its observation
 * was dropped to keep the bound: the fetched-at times of the last MAX_DROPPED_TIMES dropped
 * observations are kept with the series.
 */
import { z } from 'zod'
import { DATA_SOURCES } from '@shared/result'

const ObservationSchema = z.object({
  value: z.number().finite(),
  /** Currency or unit the value is in (a change of unit is a new observation). */
  unit: z.string(),
  /** Fetched-at time of the first answer with this value, epoch ms: shown, never used to order. */
  firstSeenAt: z.number().finite(),
  /** Fetched-at time of the last answer recorded with this value, epoch ms. */
  lastSeenAt: z.number().finite()
})
export type Observation = z.infer<typeof ObservationSchema>

/** One figure as asked of one service (demo and remote answers are different series). */
const SeriesSchema = z.object({
  source: z.enum(DATA_SOURCES),
  /** The service's base URL; the embedded demo service is DEMO_BASE_URL. */
  baseUrl: z.string(),
  /** The lookup's query hash (operation and parameters). */
  queryHash: z.string(),
  /** The lookup's query key, kept to group and label the series. */
  queryKey: z.array(z.unknown()).readonly(),
  observations: z.array(ObservationSchema),
  /** First- and last-seen times of dropped observations, oldest first (absent in older stores). */
  droppedAt: z.array(z.number().finite()).optional()
})
export type ObservationSeries = z.infer<typeof SeriesSchema>
/** What a sighting changes in a series: its observations and the times of those it dropped. */
export type ObservationLog = Pick<ObservationSeries, 'observations' | 'droppedAt'>
export type SeriesIdentity = Pick<ObservationSeries, 'source' | 'baseUrl' | 'queryHash'>

/** A stored series as read back from IndexedDB, or undefined: anything else is never shown. */
export function parseSeries(value: unknown): ObservationSeries | undefined {
  return SeriesSchema.safeParse(value).data
}

export interface Sighting {
  value: number
  unit: string
  /** Fetched-at time, epoch ms. */
  at: number
}

/** The base URL recorded for the embedded demo service (its port changes per run). */
export const DEMO_BASE_URL = 'embedded-demo'
/** At most this many distinct values are kept per figure (the oldest are dropped). */
const MAX_OBSERVATIONS_PER_SERIES = 100
/** At most this many fetched-at times of dropped observations are kept per figure. */
export const MAX_DROPPED_TIMES = 1_000
/**
 * At most this many figures are kept. Once it is reached, figures looked at for the first time are
 * not recorded (the user is told); none is ever dropped to make room.
 */
export const MAX_SERIES = 5_000

export function seriesId(identity: SeriesIdentity): string {
  return `${identity.source}|${identity.baseUrl}|${identity.queryHash}`
}

/** `full`: a new figure not recorded, the history holds MAX_SERIES already. */
export type RecordOutcome = 'appended' | 'seen-again' | 'ignored' | 'full'

/**
 * The log after a sighting. Pure: returns a new log (or an equal one when ignored).
 */
export function recordSighting(
  log: ObservationLog,
  sighting: Sighting,
  max: number = MAX_OBSERVATIONS_PER_SERIES
): ObservationLog & { outcome: RecordOutcome } {
  const { observations, droppedAt = [] } = log
  const valid = Number.isFinite(sighting.value) && Number.isFinite(sighting.at)
  const recorded =
    droppedAt.includes(sighting.at) ||
    observations.some(
      (observation) =>
        observation.firstSeenAt === sighting.at || observation.lastSeenAt === sighting.at
    )
  if (!valid || recorded) {
    return { observations: [...observations], droppedAt: [...droppedAt], outcome: 'ignored' }
  }
  const last = observations[observations.length - 1]
  if (last && last.value === sighting.value && last.unit === sighting.unit) {
    return {
      observations: [...observations.slice(0, -1), { ...last, lastSeenAt: sighting.at }],
      droppedAt: [...droppedAt],
      outcome: 'seen-again'
    }
  }
  const appended: Observation = {
    value: sighting.value,
    unit: sighting.unit,
    firstSeenAt: sighting.at,
    lastSeenAt: sighting.at
  }
  const next = [...observations, appended]
  const dropped = next.slice(0, Math.max(0, next.length - max))
  const times = [...droppedAt, ...dropped.flatMap((o) => [o.firstSeenAt, o.lastSeenAt])]
  return {
    observations: next.slice(dropped.length),
    droppedAt: times.slice(Math.max(0, times.length - MAX_DROPPED_TIMES)),
    outcome: 'appended'
  }
}

/**
 * The observed-history series as figures a person can read: which location, which figure
 * ("2 bed · sale price"), and its values formatted. Shared by the location screen, the offline
 * library and the history CSV.
 */
import type { BedType } from '@shared/bed-types'
import type { Settings } from '@shared/settings'
import { isRecord } from '@shared/validation'
import { seriesId } from './observation-log'
import type { Observation, ObservationSeries } from './observation-log'
import { bedTypeLabel } from '@shared/bed-types'
import { formatDate, formatDateTime, formatGrowthReadings, formatMoney } from '../lib/format'
import { growthToFraction } from '../lib/growth'

/** The lookup's parameters (location, countryCode, type, beds), as its query key holds them. */
type LookupFields = Record<string, unknown>

function fieldsOf(series: ObservationSeries): LookupFields {
  const params = series.queryKey[2]
  return isRecord(params) ? params : {}
}

function labelOf(kind: string, fields: LookupFields, bedTypes: readonly BedType[]): string {
  const type = fields['type'] === 'rent' ? 'rent' : fields['type'] === 'sale' ? 'sale' : undefined
  const beds =
    typeof fields['beds'] === 'string' ? bedTypeLabel(fields['beds'], bedTypes) : undefined
  const what =
    kind === 'landPrice'
      ? 'Land price'
      : kind === 'growth'
        ? type
          ? `${type} growth`
          : 'Land growth'
        : type === 'rent'
          ? 'rent'
          : 'sale price'
  return [beds, what].filter(Boolean).join(' · ')
}

export function toHistoryFigure(series: ObservationSeries, bedTypes: readonly BedType[]) {
  const fields = fieldsOf(series)
  /** residentialPrice, growth or landPrice. */
  const kind = String(series.queryKey[1] ?? '')
  return {
    id: seriesId(series),
    /** The location's slug and country code (upper-case), as the lookup asked. */
    location: typeof fields['location'] === 'string' ? fields['location'] : '',
    countryCode:
      typeof fields['countryCode'] === 'string' ? fields['countryCode'].toUpperCase() : '',
    kind,
    /** "2 bed · sale price", "Land price", "3 bed · rent growth". */
    label: labelOf(kind, fields, bedTypes),
    source: series.source,
    baseUrl: series.baseUrl,
    observations: series.observations
  }
}
export type HistoryFigure = ReturnType<typeof toHistoryFigure>

/** Figures are listed prices first, then growth, then land. */
export const KIND_ORDER = ['residentialPrice', 'growth', 'landPrice']

/**
 * The figures of one location from one service (demo and remote never mixed) that changed (two
 * distinct values or more), in bed-type order then rent before sale, prices first.
 */
export function figuresFor(
  all: readonly ObservationSeries[],
  where: { slug: string; countryCode: string },
  service: { source: ObservationSeries['source']; baseUrl: string },
  bedTypes: readonly BedType[]
): HistoryFigure[] {
  const bedOrder = bedTypes.map((type) => type.value)
  // Kind first, then bed type (unknown ones last), then rent before sale.
  const rank = (series: ObservationSeries) => {
    const fields = fieldsOf(series)
    const bed = typeof fields['beds'] === 'string' ? bedOrder.indexOf(fields['beds']) : -1
    const sale = fields['type'] === 'sale' ? 1 : 0
    return (
      KIND_ORDER.indexOf(String(series.queryKey[1])) * 10_000 + (bed === -1 ? 999 : bed) * 2 + sale
    )
  }
  return all
    .filter((series) => series.source === service.source && series.baseUrl === service.baseUrl)
    .filter((series) => series.observations.length >= 2)
    .sort((a, b) => rank(a) - rank(b))
    .map((series) => toHistoryFigure(series, bedTypes))
    .filter(
      (figure) =>
        figure.location === where.slug && figure.countryCode === where.countryCode.toUpperCase()
    )
}

/** One observed value as text: money in its currency, growth as the settings read it. */
export function formatObserved(
  figure: Pick<HistoryFigure, 'kind'>,
  observation: Observation,
  settings: Pick<Settings, 'growthUnit' | 'growthMeaning'>
): string {
  if (figure.kind === 'growth') {
    const period = observation.unit.replace(/^period /, '')
    const fraction = growthToFraction(observation.value, settings.growthUnit)
    return formatGrowthReadings(fraction, settings.growthMeaning, period || undefined).text
  }
  const [currency = '', per] = observation.unit.split('/')
  const money = currency ? formatMoney(observation.value, currency) : String(observation.value)
  return per ? `${money} per ${per}` : money
}

/** When a value was seen: one time, or "first – last" (the last as a day when it differs). */
export function formatSeen(observation: Observation): string {
  const first = formatDateTime(observation.firstSeenAt)
  const last = formatDateTime(observation.lastSeenAt)
  if (first === last) return first
  const lastDay = formatDate(observation.lastSeenAt)
  return formatDate(observation.firstSeenAt) === lastDay
    ? `${first} (seen again that day)`
    : `${first} – ${lastDay}`
}

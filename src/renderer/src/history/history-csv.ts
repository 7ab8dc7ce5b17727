import type { HistoryFigure } from './history-figures'
import { toCsv } from '../lib/csv'
import type { CsvCell } from '../lib/csv'

const HISTORY_CSV_HEADER: readonly CsvCell[] = [
  'Location',
  'Country code',
  'Figure',
  'Source',
  'Base URL',
  'Value',
  'Currency or unit',
  'First seen (UTC)',
  'Last seen (UTC)'
]

/** One CSV row per observation, oldest first within each figure; names from `nameOf`. */
export function buildHistoryCsv(
  figures: readonly HistoryFigure[],
  nameOf: (figure: HistoryFigure) => string = (figure) => figure.location
): string {
  const rows = figures.flatMap((figure) =>
    figure.observations.map((observation): CsvCell[] => [
      nameOf(figure),
      figure.countryCode,
      figure.label,
      figure.source === 'demo' ? 'demo data' : 'remote service',
      figure.baseUrl,
      observation.value,
      observation.unit,
      new Date(observation.firstSeenAt).toISOString(),
      new Date(observation.lastSeenAt).toISOString()
    ])
  )
  return toCsv([HISTORY_CSV_HEADER, ...rows])
}

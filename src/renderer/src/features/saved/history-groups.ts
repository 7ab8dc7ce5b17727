import { KIND_ORDER } from '../../history/history-figures'
import type { HistoryFigure } from '../../history/history-figures'

interface HistoryLocationGroup {
  key: string
  figures: HistoryFigure[]
}

interface HistoryServiceGroup {
  key: string
  source: HistoryFigure['source']
  baseUrl: string
  locations: HistoryLocationGroup[]
}

/**
 * Figures by service (demo and each remote base URL apart), then by location (in first-seen
 * order); within a location prices first, then growth, then land, each by label.
 */
export function historyGroups(figures: readonly HistoryFigure[]): HistoryServiceGroup[] {
  const services = new Map<string, HistoryServiceGroup>()
  for (const figure of figures) {
    const serviceKey = `${figure.source}|${figure.baseUrl}`
    const service = services.get(serviceKey) ?? {
      key: serviceKey,
      source: figure.source,
      baseUrl: figure.baseUrl,
      locations: []
    }
    services.set(serviceKey, service)
    const locationKey = `${figure.countryCode}:${figure.location}`
    let location = service.locations.find((group) => group.key === locationKey)
    if (!location) {
      location = { key: locationKey, figures: [] }
      service.locations.push(location)
    }
    location.figures.push(figure)
  }
  const byFigure = (a: HistoryFigure, b: HistoryFigure) =>
    KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
    a.label.localeCompare(b.label, undefined, { numeric: true })
  for (const service of services.values()) {
    for (const location of service.locations) location.figures.sort(byFigure)
  }
  return [...services.values()]
}

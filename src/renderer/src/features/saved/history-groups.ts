import type { HistoryFigure } from '../../lib/history-figures'

export interface HistoryLocationGroup {
  key: string
  figures: HistoryFigure[]
}

export interface HistoryServiceGroup {
  key: string
  source: HistoryFigure['source']
  baseUrl: string
  locations: HistoryLocationGroup[]
}

/** Figures by service (demo and each remote base URL apart), then by location, in first-seen order. */
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
  return [...services.values()]
}

import { KIND_ORDER } from '../../history/history-figures'
import type { HistoryFigure } from '../../history/history-figures'

/** Prices first, then growth, then land, each by label. */
const byFigure = (a: HistoryFigure, b: HistoryFigure) =>
  KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
  a.label.localeCompare(b.label, undefined, { numeric: true })

interface ServiceFigures {
  key: string
  source: HistoryFigure['source']
  baseUrl: string
  /** By location key ("NG:ikoyi"), in first-seen order. */
  locations: Map<string, HistoryFigure[]>
}

/**
 * Figures by service (demo and each remote base URL apart), then by location (in first-seen
 * order); within a location prices first, then growth, then land, each by label.
 */
export function historyGroups(figures: readonly HistoryFigure[]) {
  const services = new Map<string, ServiceFigures>()
  for (const figure of figures) {
    const { source, baseUrl } = figure
    const key = `${source}|${baseUrl}`
    const service = services.get(key) ?? { key, source, baseUrl, locations: new Map() }
    services.set(key, service)
    const at = `${figure.countryCode}:${figure.location}`
    const list = service.locations.get(at) ?? []
    service.locations.set(at, list)
    list.push(figure)
  }
  return [...services.values()].map((service) => ({
    ...service,
    locations: [...service.locations].map(([key, list]) => ({ key, figures: list.sort(byFigure) }))
  }))
}

import type { Settings } from '@shared/settings'
import { z } from 'zod'
import { LocationsPayloadSchema } from '@shared/spec'
import type { Sector } from '@shared/spec'
import { asGrowthFigure, asPriceFigure } from '@shared/figures/figures'
import { isRecord } from '@shared/validation'
import type { CachedFigure } from '../../data/use-offline-cache'
import type { Provenance } from '../../data/market-result'
import { bedTypeLabel } from '@shared/bed-types'
import { growthCell } from '../../lib/figure-cells'
import { formatPrice, plural } from '../../lib/format'
import { growthLabel } from '../../lib/growth'
import { humanizeSlug, placeOfKey } from '../../lib/location-ref'
import { normalizeForSearch } from '../../lib/location-search'

export interface LibraryRow {
  id: string
  kind: 'Residential price' | 'Growth' | 'Land price' | 'Locations list'
  location?: { sector: Sector; countryCode: string; slug: string; name: string; place: string }
  details: string
  value: string
  /** The value in full when `value` is rounded (compact prices). */
  exactValue?: string
  /** A growth figure's other reading, shown under it: "≈ +60% over 2020–25". */
  otherReading?: string
  meta: Provenance
  /** Its words, lower-case and accent-free, for the library's filter. */
  haystack: string
}

type Params = Record<string, unknown>

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

interface PlaceName {
  name: string
  place: string
}

/** A cached answer as the query cache holds it; any other shape is skipped. */
const StoredAnswerSchema = z.object({
  data: z.record(z.string(), z.unknown()),
  meta: z.object({
    source: z.enum(['demo', 'remote', 'unknown']).catch('unknown'),
    fetchedAt: z.string().catch('')
  })
})

/** slug + country → name and place, from every cached locations list. */
export function namesFromEntries(entries: readonly CachedFigure[]): Map<string, PlaceName> {
  const names = new Map<string, PlaceName>()
  for (const { queryKey, state } of entries) {
    if (queryKey[1] !== 'locations') continue
    const payload = StoredAnswerSchema.safeParse(state.data).data?.data
    for (const item of LocationsPayloadSchema.safeParse(payload).data?.locations ?? []) {
      names.set(`${item.country_code.toUpperCase()}:${item.slug}`, {
        name: item.name,
        place: [item.city, item.country].filter(Boolean).join(', ')
      })
    }
  }
  return names
}

type Reading = Pick<Settings, 'growthUnit' | 'growthMeaning' | 'bedTypes'>

/** A price, compact, with the exact figure when the compact one is rounded. */
function money(payload: unknown, withUnit: boolean) {
  const figure = asPriceFigure(payload)
  if (!figure) return { value: '—' }
  const per = withUnit && figure.unit ? ` / ${figure.unit}` : ''
  const shown = formatPrice(figure.price, figure.currency)
  return shown.text === shown.exact
    ? { value: shown.text + per }
    : { value: shown.text + per, exactValue: shown.exact + per }
}

function describe(kind: unknown, params: Params, payload: Params, reading: Reading) {
  const beds = bedTypeLabel(text(params['beds']), reading.bedTypes)
  switch (kind) {
    case 'residentialPrice':
      return {
        kind: 'Residential price' as const,
        details: `${beds} · ${text(params['type'])}`,
        ...money(payload, false)
      }
    case 'growth': {
      const figure = asGrowthFigure(payload)
      const period = growthLabel(reading.growthMeaning, text(payload['period']))
      const cell = figure && growthCell(figure, reading)
      return {
        kind: 'Growth' as const,
        details:
          params['sector'] === 'land'
            ? `land · ${period}`
            : `${beds} · ${text(params['type'])} · ${period}`,
        value: cell ? cell.text : '—',
        ...(cell?.readings?.other ? { otherReading: cell.readings.other } : {})
      }
    }
    case 'landPrice':
      return { kind: 'Land price' as const, details: 'land', ...money(payload, true) }
    case 'locations': {
      const list = payload['locations']
      const count = Array.isArray(list) ? list.length : 0
      return {
        kind: 'Locations list' as const,
        details: text(params['sector']),
        value: plural(count, 'location')
      }
    }
    default:
      return undefined
  }
}

/** Cached entries as readable rows (newest first). Unknown shapes are skipped. */
export function buildLibraryRows(entries: readonly CachedFigure[], reading: Reading): LibraryRow[] {
  const names = namesFromEntries(entries)
  const rows: LibraryRow[] = []
  for (const entry of entries) {
    const [, kind, params] = entry.queryKey
    const stored = StoredAnswerSchema.safeParse(entry.state.data).data
    if (!isRecord(params) || !stored) continue
    const described = describe(kind, params, stored.data, reading)
    if (!described) continue
    const meta: Provenance = {
      source: stored.meta.source,
      fetchedAt: stored.meta.fetchedAt || new Date(entry.state.dataUpdatedAt).toISOString()
    }
    const at = placeOfKey(entry.queryKey)
    const known = at && names.get(`${at.countryCode}:${at.slug}`)
    const location = at && {
      ...at,
      name: known?.name || humanizeSlug(at.slug),
      place: known?.place ?? at.countryCode
    }
    rows.push({
      id: entry.queryHash,
      ...described,
      ...(location ? { location } : {}),
      meta,
      haystack: normalizeForSearch(
        [
          described.kind,
          described.details,
          described.value,
          location?.name,
          location?.place,
          location?.countryCode
        ].join(' ')
      )
    })
  }
  return rows.sort((a, b) => b.meta.fetchedAt.localeCompare(a.meta.fetchedAt))
}

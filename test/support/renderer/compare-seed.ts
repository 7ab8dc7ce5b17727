import { screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { Location } from '@shared/spec'
import type { LocationRef } from '../../../src/renderer/src/lib/location-ref'
import { FAKE_LOCATIONS } from './fake-dataset'

export const COMPARE = { screen: 'compare' } as const

/** A residential LocationRef for a slug of the fake dataset (or `locations`). */
export function refOf(slug: string, locations: Location[] = FAKE_LOCATIONS): LocationRef {
  const location = locations.find((l) => l.slug === slug)
  if (!location) throw new Error(slug)
  return {
    sector: 'residential',
    slug,
    countryCode: location.country_code,
    name: location.name,
    city: location.city,
    country: location.country
  }
}

export function seedCompare(...refs: LocationRef[]) {
  window.localStorage.setItem('me.compare', JSON.stringify(refs))
}

export function metricCells(metric: string) {
  const row = screen.getByTestId('compare-table').querySelector(`tr[data-metric="${metric}"]`)
  if (!row) throw new Error(metric)
  return within(row as HTMLElement).getAllByRole('cell')
}

/** The figure a compare cell holds (its `data-value`), NaN when it has none. */
export const valueOf = (cell: HTMLElement) => Number(cell.dataset['value'] ?? NaN)

export async function waitForFigures(metric = 'growth') {
  await waitFor(() =>
    expect(metricCells(metric).every((cell) => cell.dataset['value'] !== undefined)).toBe(true)
  )
}

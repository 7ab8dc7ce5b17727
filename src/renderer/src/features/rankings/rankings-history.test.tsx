import { hashKey } from '@tanstack/react-query'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { lookupKey } from '@shared/figures/identity'
import type { Location } from '@shared/spec'
import { createObservationHistory } from '../../history/observation-history'
import { DEMO_BASE_URL } from '../../history/observation-log'
import { DEFAULT_RANKINGS_VIEW } from '../../stores/app-stores'
import { fakeSalePrice } from '../../../../../test/support/renderer/fake-dataset'
import { createFakeMarket } from '../../../../../test/support/renderer/fake-market'
import { renderApp } from '../../../../../test/support/renderer/render'
import { createMemorySeriesStorage } from '../../../../../test/support/renderer/memory-storage'

/** Lekki and 699 more Lagos locations: 2,800 rankings lookups at 4 a row. */
const PLACES: Location[] = [
  {
    name: 'Lekki Phase 1',
    slug: 'lekki-phase-1',
    city: 'Lagos',
    country: 'Nigeria',
    country_code: 'NG'
  },
  ...Array.from({ length: 699 }, (_, index) => ({
    name: `Area ${index}`,
    slug: `area-${index}`,
    city: 'Lagos',
    country: 'Nigeria',
    country_code: 'NG'
  }))
]

describe('observed history and a large rankings fetch', () => {
  it('a rankings fetch of 2,800 lookups leaves the history of a watched figure intact', async () => {
    const seriesStorage = createMemorySeriesStorage()
    const queryKey = lookupKey({
      kind: 'residentialPrice',
      location: 'lekki-phase-1',
      countryCode: 'NG',
      type: 'sale',
      beds: '2'
    })
    // An earlier visit saw 25,000; this one sees the service's figure now.
    await createObservationHistory(seriesStorage).record(
      { source: 'demo', baseUrl: DEMO_BASE_URL, queryHash: hashKey(queryKey), queryKey },
      { value: 25_000, unit: 'NGN', at: Date.UTC(2026, 0, 1) }
    )
    window.localStorage.setItem(
      'me.rankingsView',
      JSON.stringify({ ...DEFAULT_RANKINGS_VIEW, beds: '2', confirmAbove: 5_000 })
    )
    const market = createFakeMarket({ residential: PLACES })
    const view = renderApp({
      market,
      seriesStorage,
      route: { screen: 'location', sector: 'residential', countryCode: 'NG', slug: 'lekki-phase-1' }
    })
    await screen.findByTestId('observed-history', {}, { timeout: 10_000 })
    const watched = async () =>
      (await view.history.all()).find((series) => series.queryHash === hashKey(queryKey))
    const now = fakeSalePrice('lekki-phase-1', 'NG', '2')
    await waitFor(async () =>
      expect((await watched())?.observations.map((o) => o.value)).toEqual([25_000, now])
    )
    const looked = (await view.history.all()).length

    window.location.hash = '#/rankings'
    await waitFor(
      () =>
        expect(screen.getByTestId('rankings-summary')).toHaveTextContent(
          '700 locations · 700 answered'
        ),
      { timeout: 15_000 }
    )
    const asked = market
      .callsOf('batchLookup')
      .slice(1)
      .reduce((sum, call) => sum + (call.input as { items: unknown[] }).items.length, 0)
    // Lekki's four came from its own screen.
    expect(asked).toBe(2_796)
    await view.history.flush()
    expect((await watched())?.observations.map((o) => o.value)).toEqual([25_000, now])
    expect(await view.history.all()).toHaveLength(looked)
  }, 30_000)
})

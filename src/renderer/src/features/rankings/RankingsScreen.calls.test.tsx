import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { MAX_BATCH_ITEMS } from '@shared/contract'
import type { Location } from '@shared/spec'
import { createFakeMarket } from '../../../../../test/support/renderer/fake-market'
import { renderApp } from '../../../../../test/support/renderer/render'
import { DEFAULT_RANKINGS_VIEW } from '../../stores/app-stores'

const batchIds = (calls: Array<{ input: unknown }>) =>
  calls.map((call) => (call.input as { batchId: string }).batchId)

/** 160 Lagos locations: 640 lookups at 4 a row, more than one batch call holds. */
const MANY: Location[] = Array.from({ length: 160 }, (_, index) => ({
  name: `Area ${index}`,
  slug: `area-${index}`,
  city: 'Lagos',
  country: 'Nigeria',
  country_code: 'NG'
}))

describe('Rankings over more lookups than one call holds', () => {
  it('sends them together, split at the batch limit, and a cancel stops every call', async () => {
    window.localStorage.setItem(
      'me.rankingsView',
      JSON.stringify({ ...DEFAULT_RANKINGS_VIEW, beds: '2', confirmAbove: 1_000 })
    )
    const market = createFakeMarket({ residential: MANY })
    // Each call stops after 10 lookups until cancelled.
    market.pauseBatchesAfter = 10
    renderApp({ route: { screen: 'rankings' }, market })
    await waitFor(() => expect(market.callsOf('batchLookup')).toHaveLength(2))
    const sizes = market
      .callsOf('batchLookup')
      .map((call) => (call.input as { items: unknown[] }).items.length)
    expect(sizes).toEqual([MAX_BATCH_ITEMS, MANY.length * 4 - MAX_BATCH_ITEMS])
    expect(market.callsOf('cancelBatch')).toHaveLength(0)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByTestId('batch-progress')).not.toBeInTheDocument())
    expect(new Set(batchIds(market.callsOf('cancelBatch')))).toEqual(
      new Set(batchIds(market.callsOf('batchLookup')))
    )
    expect(market.callsOf('batchLookup')).toHaveLength(2)
  })
})

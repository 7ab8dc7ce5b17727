import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { FAKE_LOCATIONS } from '../../test/fake-dataset'
import { createFakeMarket } from '../../test/fake-market'
import { renderApp } from '../../test/render'
import { DEFAULT_RANKINGS_VIEW } from '../../stores/app-stores'
import type * as FetchChunks from './fetch-chunks'

/** Calls of 40 lookups here (the batch limit is 600), so a small fetch needs two. */
vi.mock('./fetch-chunks', async (importOriginal) => {
  const real = await importOriginal<typeof FetchChunks>()
  return { ...real, fetchChunks: <T,>(items: readonly T[]) => real.fetchChunks(items, 40) }
})

const batchIds = (calls: Array<{ input: unknown }>) =>
  calls.map((call) => (call.input as { batchId: string }).batchId)

describe('Rankings over more lookups than one call holds', () => {
  it('overlaps its calls (the next starts before the current ends), and a cancel stops them all', async () => {
    window.localStorage.setItem(
      'me.rankingsView',
      JSON.stringify({ ...DEFAULT_RANKINGS_VIEW, beds: '2' })
    )
    const market = createFakeMarket()
    // Each call stops 10 lookups short of its end until cancelled.
    market.pauseBatchesAfter = 30
    renderApp({ route: { screen: 'rankings' }, market })
    await waitFor(() => expect(market.callsOf('batchLookup')).toHaveLength(2))
    const sizes = market
      .callsOf('batchLookup')
      .map((call) => (call.input as { items: unknown[] }).items.length)
    expect(sizes).toEqual([40, 40])
    expect(FAKE_LOCATIONS.length * 4).toBe(80)
    // The second call started while the first still had lookups to answer.
    expect(market.callsOf('cancelBatch')).toHaveLength(0)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByTestId('batch-progress')).not.toBeInTheDocument())
    expect(new Set(batchIds(market.callsOf('cancelBatch')))).toEqual(
      new Set(batchIds(market.callsOf('batchLookup')))
    )
    expect(market.callsOf('batchLookup')).toHaveLength(2)
  })
})

import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createObservationHistory } from '../../history/observation-history'
import { renderApp } from '../../../../../test/support/renderer/render'
import {
  createMemoryCacheStorage,
  createMemorySeriesStorage
} from '../../../../../test/support/renderer/memory-storage'

const SETTINGS = { screen: 'settings' } as const
const figure = { source: 'demo' as const, baseUrl: 'embedded-demo', queryHash: 'h', queryKey: [] }

async function setUp() {
  const storage = createMemoryCacheStorage()
  await storage.setItem(
    'market-query-["market","x"]',
    JSON.stringify({ buster: 'test', state: { data: 1, dataUpdatedAt: Date.now() } })
  )
  const seriesStorage = createMemorySeriesStorage()
  await createObservationHistory(seriesStorage).record(figure, { value: 1, unit: 'NGN', at: 1 })
  const { history } = renderApp({ storage, route: SETTINGS, seriesStorage })
  await waitFor(() => expect(screen.getByTestId('cache-size')).toHaveTextContent('1 cached result'))
  return { storage, history }
}

describe('clearing the cache asks whether to keep the observed history', () => {
  it('keeps the history by default', async () => {
    const user = userEvent.setup()
    const { storage, history } = await setUp()
    await user.click(screen.getByTestId('clear-cache'))
    expect(screen.getByTestId('keep-history')).toBeChecked()
    await user.click(screen.getByTestId('confirm-clear-cache'))
    await waitFor(async () => expect(await storage.records()).toEqual([]))
    expect(await history.all()).toHaveLength(1)
  })

  it('deletes the history too when the user says so', async () => {
    const user = userEvent.setup()
    const { storage, history } = await setUp()
    await user.click(screen.getByTestId('clear-cache'))
    await user.click(screen.getByTestId('keep-history'))
    await user.click(screen.getByTestId('confirm-clear-cache'))
    await waitFor(async () => expect(await history.all()).toEqual([]))
    expect(await storage.records()).toEqual([])
  })
})

import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createObservationHistory } from '../../history/observation-history'
import { MAX_SERIES, seriesId } from '../../history/observation-log'
import { renderApp } from '../../../../../test/support/renderer/render'
import { createMemorySeriesStorage } from '../../../../../test/support/renderer/memory-storage'

const key = [
  'market',
  'residentialPrice',
  { location: 'yaba', countryCode: 'NG', type: 'rent', beds: '3' }
]

describe('offline library: observed history', () => {
  it('groups figures by service and location, and lists each value when opened', async () => {
    const seriesStorage = createMemorySeriesStorage()
    const history = createObservationHistory(seriesStorage)
    const demo = {
      source: 'demo' as const,
      baseUrl: 'embedded-demo',
      queryHash: 'h',
      queryKey: key
    }
    await history.record(demo, { value: 100, unit: 'NGN', at: Date.UTC(2026, 0, 1) })
    await history.record(demo, { value: 120, unit: 'NGN', at: Date.UTC(2026, 1, 1) })
    await history.record(
      { source: 'remote', baseUrl: 'https://api.example.com', queryHash: 'h', queryKey: key },
      { value: 7, unit: 'NGN', at: Date.UTC(2026, 0, 1) }
    )
    renderApp({ route: { screen: 'saved' }, seriesStorage })
    const library = await screen.findByTestId('history-library')
    const locations = await within(library).findAllByTestId('history-location')
    expect(locations).toHaveLength(2)
    expect(library).toHaveTextContent('https://api.example.com')
    expect(locations[0]).toHaveTextContent('Yaba 1 figure · 1 changed')
    expect(within(locations[0] as HTMLElement).queryByRole('table')).toBeNull()

    await userEvent.click(within(locations[0] as HTMLElement).getByText('Yaba'))
    const table = await within(locations[0] as HTMLElement).findByRole('table')
    expect(table).toHaveTextContent('3 bed · rent')
    expect(table).toHaveTextContent(/100.*120/)
    expect(table).not.toHaveTextContent(/\b7\b/)
  })

  it('says when the history is full, instead of dropping figures to make room', async () => {
    const seriesStorage = createMemorySeriesStorage()
    const one = (beds: string) => ({
      source: 'demo' as const,
      baseUrl: 'embedded-demo',
      queryHash: beds,
      queryKey: ['market', 'residentialPrice', { location: 'yaba', countryCode: 'NG', beds }],
      observations: [{ value: 1, unit: 'NGN', firstSeenAt: 1, lastSeenAt: 1 }]
    })
    for (let index = 0; index < MAX_SERIES - 1; index += 1) {
      await seriesStorage.put(seriesId(one(String(index))), one(String(index)))
    }
    const view = renderApp({ route: { screen: 'saved' }, seriesStorage })
    await screen.findByTestId('history-library', {}, { timeout: 10_000 })
    expect(screen.queryByTestId('history-full')).toBeNull()
    expect(await view.history.record(one('last'), { value: 1, unit: 'NGN', at: 2 })).toBe(
      'appended'
    )
    expect(await screen.findByTestId('history-full')).toHaveTextContent('drops none of them')
    expect(await view.history.record(one('more'), { value: 1, unit: 'NGN', at: 3 })).toBe('full')
    expect(await view.history.all()).toHaveLength(MAX_SERIES)
  })
})

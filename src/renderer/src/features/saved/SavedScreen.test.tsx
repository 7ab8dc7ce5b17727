import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { figureQuery, locationsQuery } from '../../data/queries'
import { createFakeMarket } from '../../../../../test/support/renderer/fake-market'
import {
  filledCache,
  renderApp,
  renderRestoredApp
} from '../../../../../test/support/renderer/render'

/** Fills a cache the way using the app does: each query persists its own entry. */
async function seedCache(market = createFakeMarket()) {
  const storage = await filledCache(async (client) => {
    await client.fetchQuery(locationsQuery(market, 'residential'))
    await client.fetchQuery(
      figureQuery(market, {
        kind: 'residentialPrice',
        location: 'ikoyi',
        countryCode: 'NG',
        type: 'sale',
        beds: '3'
      })
    )
    await client.fetchQuery(
      figureQuery(market, {
        kind: 'residentialPrice',
        location: 'osu',
        countryCode: 'GH',
        type: 'rent',
        beds: '2'
      })
    )
    await client.fetchQuery(
      figureQuery(market, {
        kind: 'growth',
        location: 'osu',
        countryCode: 'GH',
        sector: 'residential',
        type: 'rent',
        beds: '2'
      })
    )
  }, market)
  expect(await storage.records()).toHaveLength(4)
  return storage
}

describe('Saved and offline', () => {
  it('lists every cached result with names and as-of times, readable in offline mode', async () => {
    const storage = await seedCache()
    const market = createFakeMarket({ settings: { offlineMode: true } })
    await renderRestoredApp({ market, storage, route: { screen: 'saved' } })
    const library = await screen.findByTestId('offline-library')
    const rows = within(library).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(4)
    const ikoyi = rows.find((row) => row.textContent?.includes('Ikoyi'))
    expect(ikoyi).toHaveTextContent('Residential price')
    expect(ikoyi).toHaveTextContent('3 bed · sale')
    expect(ikoyi).toHaveTextContent(/NGN\s[\d,]+/)
    // One source for every figure: said once above the table, not on each row.
    expect(ikoyi).not.toHaveTextContent('Demo data')
    expect(within(screen.getByTestId('screen-saved')).getAllByTestId('source-badge')).toHaveLength(
      1
    )
    expect(ikoyi).toHaveTextContent(String(new Date().getFullYear()))
    expect(rows.find((row) => row.textContent?.includes('Locations list'))).toHaveTextContent(
      '20 locations'
    )
    expect(
      market.calls.filter(
        (call) =>
          call.operation.startsWith('get') &&
          call.operation !== 'getSettings' &&
          call.operation !== 'getConnectionStatus' &&
          call.operation !== 'getKeyStatus'
      )
    ).toHaveLength(0)
  })

  it('tells the user about damaged records, keeps the rest, and removes only those', async () => {
    const user = userEvent.setup()
    const storage = await seedCache()
    const [firstKey] = (await storage.records()).map(({ key }) => key)
    if (!firstKey) throw new Error('nothing seeded')
    await storage.setItem(firstKey, '{"buster":"test","queryKey":["mar')
    await renderRestoredApp({ storage, route: { screen: 'saved' } })

    const notice = await screen.findByTestId('damaged-cache-notice')
    expect(notice).toHaveTextContent('1 cached result is damaged and cannot be read')
    const library = await screen.findByTestId('offline-library')
    expect(within(library).getAllByRole('row').slice(1)).toHaveLength(3)

    await user.click(screen.getByTestId('remove-damaged-entries'))
    await waitFor(() => expect(screen.queryByTestId('damaged-cache-notice')).toBeNull())
    expect((await storage.records()).map(({ key }) => key)).not.toContain(firstKey)
    expect(await storage.records()).toHaveLength(3)
    expect(within(screen.getByTestId('offline-library')).getAllByRole('row')).toHaveLength(4)
  })

  it('lists an entry past its 30 days as expired, with the day it expired', async () => {
    const longAgo = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000)
    const storage = await seedCache(createFakeMarket({ now: () => longAgo }))
    await renderRestoredApp({
      market: createFakeMarket({ settings: { offlineMode: true } }),
      storage,
      route: { screen: 'saved' }
    })
    const library = await screen.findByTestId('offline-library')
    const rows = within(library).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(4)
    for (const row of rows) expect(row).toHaveTextContent(/Expired on /)
  })

  it('filters the library as you type', async () => {
    const user = userEvent.setup()
    await renderRestoredApp({ storage: await seedCache(), route: { screen: 'saved' } })
    const library = await screen.findByTestId('offline-library')
    await user.type(screen.getByTestId('library-search'), 'osu growth')
    await waitFor(() => expect(within(library).getAllByRole('row')).toHaveLength(2))
    expect(within(library).getAllByRole('row')[1]).toHaveTextContent(
      '2 bed · rent · avg per year, 2020–2025'
    )
  })

  it('shows empty states, then the watchlist with a way to remove', async () => {
    const user = userEvent.setup()
    window.localStorage.setItem(
      'me.saved',
      JSON.stringify([
        {
          sector: 'residential',
          slug: 'osu',
          countryCode: 'GH',
          name: 'Osu',
          city: 'Accra',
          country: 'Ghana'
        }
      ])
    )
    const { stores } = renderApp({ route: { screen: 'saved' } })
    expect(await screen.findByTestId('library-empty')).toHaveTextContent('Nothing cached yet')
    const watchlist = screen.getByTestId('watchlist')
    // The name over its place, as in the offline lists.
    expect(
      within(watchlist).getByRole('rowheader', { name: 'Osu Accra, Ghana' })
    ).toBeInTheDocument()
    await user.click(within(watchlist).getByRole('button', { name: 'Compare' }))
    expect(within(watchlist).getByRole('button', { name: 'In compare' })).toBeDisabled()
    expect(stores.compare.get().map((ref) => ref.slug)).toEqual(['osu'])
    await user.click(within(watchlist).getByRole('button', { name: 'Remove Osu from saved' }))
    expect(await screen.findByTestId('watchlist-empty')).toBeInTheDocument()
    expect(stores.saved.get()).toEqual([])
  })

  it("a library row's location name opens its screen", async () => {
    await renderRestoredApp({ storage: await seedCache(), route: { screen: 'saved' } })
    const library = await screen.findByTestId('offline-library')
    await userEvent
      .setup()
      .click(within(library).getAllByRole('link', { name: 'Osu' })[0] as HTMLElement)
    await waitFor(() => expect(window.location.hash).toBe('#/location/residential/GH/osu'))
  })

  it("counts a saved location's cached figures by its sector: Osu's land row has none", async () => {
    const storage = await seedCache()
    const osu = { slug: 'osu', countryCode: 'GH', name: 'Osu', city: 'Accra', country: 'Ghana' }
    window.localStorage.setItem(
      'me.saved',
      JSON.stringify([
        { ...osu, sector: 'residential' },
        { ...osu, sector: 'land' }
      ])
    )
    await renderRestoredApp({ storage, route: { screen: 'saved' } })
    const watchlist = await screen.findByTestId('watchlist')
    const countOf = (index: number) =>
      within(watchlist).getAllByRole('row')[index]?.querySelector('td.num')
    await waitFor(() => expect(countOf(1)).toHaveTextContent(/^2$/))
    expect(within(watchlist).getAllByRole('row')[2]).toHaveTextContent('Land')
    expect(countOf(2)).toHaveTextContent(/^0$/)
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { lookupKey } from '@shared/figures/identity'
import type { LookupRequest } from '@shared/contract'
import { figureQuery } from '../../data/queries'
import { encodeRecord } from '../../offline-cache/cache-record'
import { storageKeyOf } from '../../offline-cache/offline-cache'
import type { LocationRef } from '../../lib/location-ref'
import { createFakeMarket } from '../../../../../test/support/renderer/fake-market'
import { filledCache, renderRestoredApp } from '../../../../../test/support/renderer/render'
import { createMemoryCacheStorage } from '../../../../../test/support/renderer/memory-storage'

const IKOYI: LocationRef = {
  sector: 'residential',
  slug: 'ikoyi',
  countryCode: 'NG',
  name: 'Ikoyi',
  city: 'Lagos',
  country: 'Nigeria'
}
const OSU: LocationRef = { ...IKOYI, slug: 'osu', countryCode: 'GH', name: 'Osu', city: 'Accra' }
const DAY_MS = 86_400_000
/** The fake settings' five bed types × rent and sale × price and growth. */
const FIGURES_A_LOCATION = 20

const figureLookups = (market: ReturnType<typeof createFakeMarket>) =>
  market.lookupsOf('getResidentialPrice').length + market.lookupsOf('getGrowth').length

/**
 * A price of `ref` answered `ageMs` ago (a figure, or with `noData` the service's "no data" for
 * another bed type), stored as the app stores it (app version 'test').
 */
async function storeOldPrice(
  storage: ReturnType<typeof createMemoryCacheStorage>,
  ref: LocationRef,
  ageMs: number,
  noData = false
) {
  const lookup: LookupRequest = {
    kind: 'residentialPrice',
    location: ref.slug,
    countryCode: ref.countryCode,
    type: 'sale',
    beds: noData ? '5' : '2'
  }
  const at = Date.now() - ageMs
  const data = {
    data: { price: 1_000, currency: 'NGN' },
    meta: { source: 'demo', fetchedAt: new Date(at).toISOString() }
  }
  const answer = noData ? { noData: { code: 'NOT_FOUND', message: 'No data' } as const } : { data }
  const queryKey = lookupKey(lookup)
  const hash = JSON.stringify(queryKey)
  await storage.setItem(storageKeyOf(hash), encodeRecord('test+cache-v1', queryKey, at, answer))
  return storageKeyOf(hash)
}

describe('Make available offline', () => {
  it('says what it will send, sends exactly that, and a second run sends nothing', async () => {
    window.localStorage.setItem('me.saved', JSON.stringify([IKOYI, OSU]))
    const market = createFakeMarket()
    const storage = await filledCache(
      (client) =>
        client.fetchQuery(
          figureQuery(market, {
            kind: 'residentialPrice',
            location: 'ikoyi',
            countryCode: 'NG',
            type: 'sale',
            beds: '3'
          })
        ),
      market
    )
    const before = figureLookups(market)
    const { history } = await renderRestoredApp({ market, storage, route: { screen: 'saved' } })
    const user = userEvent.setup()
    await user.click(await screen.findByTestId('make-offline-open'))
    const total = 2 * FIGURES_A_LOCATION
    expect(screen.getByTestId('make-offline-plan')).toHaveTextContent(
      `2 locations need ${total} figures: 1 already cached, ${total - 1} requests to fetch the rest`
    )
    await user.click(screen.getByTestId('make-offline-confirm'))
    await waitFor(() =>
      expect(screen.getAllByTestId('make-offline-outcome')[0]).toHaveTextContent('Ready offline.')
    )
    expect(figureLookups(market) - before).toBe(total - 1)
    // Kept on purpose, so watched: each fetched figure starts its observed history.
    await waitFor(async () => expect(await history.all()).toHaveLength(total - 1))
    const states = () =>
      screen
        .getAllByTestId('offline-location')
        .map((row) => within(row).getByTestId('offline-state').textContent)
    await waitFor(() =>
      expect(states()).toEqual([
        expect.stringMatching(/^Ready offlineas of /),
        expect.stringMatching(/^Ready offlineas of /)
      ])
    )

    const sent = figureLookups(market)
    await user.click(screen.getAllByTestId('make-offline-open')[0] as HTMLElement)
    expect(screen.getByTestId('make-offline-plan')).toHaveTextContent(
      `${total} already cached, 0 requests`
    )
    await user.click(screen.getByTestId('make-offline-confirm'))
    await waitFor(() =>
      expect(screen.getAllByTestId('make-offline-outcome')[0]).toHaveTextContent(
        'everything was already cached'
      )
    )
    expect(figureLookups(market)).toBe(sent)
  })

  it('leaves out what a location already answered "no data" for, as its screen does', async () => {
    window.localStorage.setItem('me.saved', JSON.stringify([IKOYI]))
    const market = createFakeMarket({ notFoundBeds: { ikoyi: ['5'] } })
    const storage = createMemoryCacheStorage()
    // Sale of 5 beds answered "no data" earlier (e.g. in Rankings); no screen remembered it yet.
    await storeOldPrice(storage, IKOYI, DAY_MS, true)
    await renderRestoredApp({ market, storage, route: { screen: 'saved' } })
    const user = userEvent.setup()
    await user.click(await screen.findByTestId('make-offline-open'))
    const asked = FIGURES_A_LOCATION - 2
    expect(screen.getByTestId('make-offline-plan')).toHaveTextContent(
      `1 location need ${asked} figures: 0 already cached, ${asked} requests`
    )
    await user.click(screen.getByTestId('make-offline-confirm'))
    await screen.findByTestId('make-offline-outcome')
    expect(figureLookups(market)).toBe(asked)

    // Rent of 5 beds answered "no data" in this run: the next plan leaves it out too.
    await user.click(screen.getAllByTestId('make-offline-open')[0] as HTMLElement)
    expect(screen.getByTestId('make-offline-plan')).toHaveTextContent(
      `need ${asked - 2} figures: ${asked - 2} already cached, 0 requests`
    )
  })

  it('figures of a location kept offline never expire; others do, and can be cleared', async () => {
    window.localStorage.setItem('me.offline', JSON.stringify([IKOYI]))
    const storage = createMemoryCacheStorage()
    const kept = await storeOldPrice(storage, IKOYI, 40 * DAY_MS)
    const old = await storeOldPrice(storage, OSU, 40 * DAY_MS)
    // "No data" is an answer too: it expires and is cleared like a figure.
    await storeOldPrice(storage, OSU, 40 * DAY_MS, true)
    const market = createFakeMarket({ settings: { offlineMode: true } })
    await renderRestoredApp({ market, storage, route: { screen: 'saved' } })

    const library = await screen.findByTestId('offline-library')
    const rowOf = (name: string) =>
      within(library)
        .getAllByRole('row')
        .find((row) => row.textContent?.includes(name))
    expect(rowOf('Osu')).toHaveTextContent(/Expired on/)
    expect(rowOf('Ikoyi')).not.toHaveTextContent(/Expired on/)
    expect(screen.getByTestId('offline-locations')).toHaveTextContent(
      `${FIGURES_A_LOCATION - 1} of ${FIGURES_A_LOCATION} missing`
    )
    // "Fetch missing" asks for the missing ones only: the kept old figure has not expired.
    await userEvent.setup().click(screen.getByRole('button', { name: /Fetch missing/ }))
    expect(screen.getByTestId('make-offline-plan')).toHaveTextContent(
      `1 already cached, ${FIGURES_A_LOCATION - 1} requests`
    )
    expect(screen.getByText(/^2 cached figures have expired/)).toBeInTheDocument()

    await userEvent.setup().click(screen.getByTestId('clear-expired'))
    await waitFor(async () =>
      expect((await storage.records()).map(({ key }) => key)).toEqual([kept])
    )
    expect(old).not.toBe(kept)
    await waitFor(() => expect(rowOf('Osu')).toBeUndefined())
  })

  it('the age limit is a setting: a shorter one marks younger figures expired', async () => {
    window.localStorage.setItem('me.cacheDays', JSON.stringify(7))
    const storage = createMemoryCacheStorage()
    await storeOldPrice(storage, OSU, 10 * DAY_MS)
    await renderRestoredApp({
      market: createFakeMarket({ settings: { offlineMode: true } }),
      storage,
      route: { screen: 'saved' }
    })
    expect(await screen.findByTestId('offline-library')).toHaveTextContent(/Expired on/)
    expect(screen.getByText(/Fresh for 7 days/)).toBeInTheDocument()
  })

  it('removing a location deletes its cached figures and no longer keeps it', async () => {
    window.localStorage.setItem('me.offline', JSON.stringify([IKOYI]))
    const storage = createMemoryCacheStorage()
    await storeOldPrice(storage, IKOYI, DAY_MS)
    const other = await storeOldPrice(storage, OSU, DAY_MS)
    await renderRestoredApp({
      market: createFakeMarket({ settings: { offlineMode: true } }),
      storage,
      route: { screen: 'saved' }
    })
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: /Remove Ikoyi from offline/ }))
    await waitFor(async () =>
      expect((await storage.records()).map(({ key }) => key)).toEqual([other])
    )
    expect(await screen.findByTestId('offline-locations-empty')).toBeInTheDocument()
    expect(JSON.parse(window.localStorage.getItem('me.offline') ?? '')).toEqual([])
  })

  it('Cancel stops the fetch; a later run asks only for what is still missing', async () => {
    window.localStorage.setItem('me.saved', JSON.stringify([IKOYI]))
    const market = createFakeMarket()
    market.pauseBatchesAfter = 5
    await renderRestoredApp({ market, route: { screen: 'saved' } })
    const user = userEvent.setup()
    await user.click(await screen.findByTestId('make-offline-open'))
    await user.click(screen.getByTestId('make-offline-confirm'))
    const progress = await screen.findByTestId('batch-progress')
    await waitFor(() => expect(progress).toHaveTextContent(`5 of ${FIGURES_A_LOCATION}`))
    await user.click(within(progress).getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByTestId('make-offline-outcome')).toHaveTextContent(
      `Cancelled after 5 of ${FIGURES_A_LOCATION} figures`
    )
    expect(market.callsOf('cancelBatch')).toHaveLength(1)

    market.pauseBatchesAfter = undefined
    await user.click(screen.getAllByTestId('make-offline-open')[0] as HTMLElement)
    expect(screen.getByTestId('make-offline-plan')).toHaveTextContent(
      `5 already cached, ${FIGURES_A_LOCATION - 5} requests`
    )
  })

  it('a fetch that failed leaves nothing on disk, and the row counts no answers', async () => {
    window.localStorage.setItem('me.saved', JSON.stringify([IKOYI]))
    const market = createFakeMarket()
    market.setFault('getResidentialPrice', { code: 'SERVER', message: 'Service unavailable' })
    market.setFault('getGrowth', { code: 'SERVER', message: 'Service unavailable' })
    await renderRestoredApp({ market, route: { screen: 'saved' } })
    const user = userEvent.setup()
    await user.click(await screen.findByTestId('make-offline-open'))
    await user.click(screen.getByTestId('make-offline-confirm'))
    const row = await screen.findByTestId('offline-location')
    await waitFor(() =>
      expect(within(row).getByTestId('offline-state')).toHaveTextContent(
        `${FIGURES_A_LOCATION} of ${FIGURES_A_LOCATION} missing`
      )
    )
    const onDisk = within(row)
      .getAllByRole('cell')
      .find((cell) => cell.classList.contains('num'))
    expect(onDisk).toHaveTextContent(/^0 answers/)
  })

  it('says which lookups main did not send (sending paused), apart from those that failed', async () => {
    window.localStorage.setItem('me.saved', JSON.stringify([IKOYI]))
    const market = createFakeMarket()
    market.setFault('getResidentialPrice', { code: 'SERVER', message: 'Service unavailable' })
    market.setFault('getGrowth', {
      code: 'SERVER',
      message: 'Not sent: the service is failing.',
      notSent: true
    })
    await renderRestoredApp({ market, route: { screen: 'saved' } })
    const user = userEvent.setup()
    await user.click(await screen.findByTestId('make-offline-open'))
    await user.click(screen.getByTestId('make-offline-confirm'))
    expect(await screen.findByTestId('make-offline-outcome')).toHaveTextContent(
      `0 of ${FIGURES_A_LOCATION} figures fetched; ${FIGURES_A_LOCATION / 2} failed, ${FIGURES_A_LOCATION / 2} not sent`
    )
  })

  it('keyboard: the question opens with focus on Cancel; Escape closes it and focus returns', async () => {
    window.localStorage.setItem('me.saved', JSON.stringify([IKOYI]))
    const market = createFakeMarket()
    await renderRestoredApp({ market, route: { screen: 'saved' } })
    const user = userEvent.setup()
    const open = await screen.findByTestId('make-offline-open')
    open.focus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByTestId('make-offline-open')).toHaveFocus()
    await user.keyboard('{Enter}')
    await user.keyboard('{Escape}')
    expect(screen.getByTestId('make-offline-open')).toHaveFocus()
    expect(market.lookupsOf('getResidentialPrice')).toHaveLength(0)
  })
})

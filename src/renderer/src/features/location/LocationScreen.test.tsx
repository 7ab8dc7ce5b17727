import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import {
  formatGrowth,
  formatGrowthReadings,
  formatMoney,
  formatPercent,
  formatPrice
} from '../../lib/format'
import {
  fakeGrowthPercent,
  fakeSalePrice,
  fakeYearlyRent
} from '../../../../../test/support/renderer/fake-dataset'
import { createFakeMarket } from '../../../../../test/support/renderer/fake-market'
import type { FakeMarket } from '../../../../../test/support/renderer/fake-market'
import { LEKKI, renderApp, renderRestoredApp } from '../../../../../test/support/renderer/render'
import { plain } from '../../../../../test/support/renderer/text'
import { createMemoryCacheStorage } from '../../../../../test/support/renderer/memory-storage'

const money = (amount: number, currency: string) => plain(formatMoney(amount, currency))

/** A price cell shows the compact figure and, in its tooltip, the exact one. */
function expectPrice(cell: HTMLElement | undefined, amount: number) {
  if (!cell) throw new Error('no cell')
  const price = formatPrice(amount, 'NGN')
  expect(price.text).not.toBe(price.exact)
  expect(within(cell).getByText(plain(price.text), { exact: false })).toBeVisible()
  expect(within(cell).getByRole('tooltip')).toHaveTextContent(plain(price.exact))
}

async function bedRow(beds: string) {
  const matrix = await screen.findByTestId('price-matrix')
  const row = matrix.querySelector<HTMLElement>(`tr[data-beds="${beds}"]`)
  if (!row) throw new Error(`no row for ${beds}`)
  return row
}

async function cellsOf(beds: string) {
  const row = await bedRow(beds)
  await waitFor(() => expect(within(row).queryAllByRole('status')).toHaveLength(0)) // skeletons gone
  return within(row).getAllByRole('cell')
}

describe('Location: residential price matrix', () => {
  it('shows rent and sale in the local currency, and gross yield with its formula', async () => {
    renderApp({ route: LEKKI })
    expect(await screen.findByTestId('location-name')).toHaveTextContent('Lekki Phase 1')
    const [rent, sale, grossYield] = await cellsOf('2')
    const rentPrice = fakeYearlyRent('lekki-phase-1', 'NG', '2')
    const salePrice = fakeSalePrice('lekki-phase-1', 'NG', '2')
    expectPrice(rent, rentPrice)
    expectPrice(sale, salePrice)
    expect(grossYield).toHaveTextContent(formatPercent(rentPrice / salePrice))
    expect(within(grossYield as HTMLElement).getByRole('tooltip')).toHaveTextContent(
      plain(
        `Gross yield = annual rent ÷ sale price = ${formatMoney(rentPrice, 'NGN')} ÷ ${formatMoney(salePrice, 'NGN')}`
      )
    )
    expect(screen.getAllByTestId('source-badge')[0]).toHaveTextContent('Demo data')
  })

  it('annualises monthly rent for the yield when rent is quoted per month', async () => {
    const market = createFakeMarket({ settings: { rentPeriod: 'month' } })
    renderApp({ market, route: LEKKI })
    const [rent, sale, grossYield] = await cellsOf('3')
    const monthly = Math.round(fakeYearlyRent('lekki-phase-1', 'NG', '3') / 12)
    const salePrice = fakeSalePrice('lekki-phase-1', 'NG', '3')
    expect(rent).toHaveTextContent(money(monthly, 'NGN'))
    expect(sale).toHaveTextContent(money(salePrice, 'NGN'))
    expect(grossYield).toHaveTextContent(formatPercent((monthly * 12) / salePrice))
    expect(within(grossYield as HTMLElement).getByRole('tooltip')).toHaveTextContent('× 12')
    expect(screen.getByRole('columnheader', { name: /rent per month/i })).toBeInTheDocument()
  })

  it('reads growth in the configured unit (percent or fraction) as the same percentage', async () => {
    const expected = formatGrowth(fakeGrowthPercent('lekki-phase-1:residential:sale:1') / 100)
    for (const growthUnit of ['percent', 'fraction'] as const) {
      const { unmount } = renderApp({
        market: createFakeMarket({ settings: { growthUnit } }),
        route: LEKKI
      })
      const cells = await cellsOf('1')
      expect(cells[4]).toHaveTextContent(expected)
      unmount()
    }
  })

  it('says in the growth headers and chart whether growth is per year or total, with the period', async () => {
    const saleGrowth = fakeGrowthPercent('lekki-phase-1:residential:sale:1') / 100
    for (const [growthMeaning, words] of [
      ['per-year', 'avg per year, 2020–2025'],
      ['total', 'total, 2020–2025']
    ] as const) {
      const { unmount } = renderApp({
        market: createFakeMarket({ settings: { growthMeaning } }),
        route: LEKKI
      })
      const cells = await cellsOf('1')
      // Both readings in the cell: "+9.9%/yr", and "≈ +60% over 2020–25" on a line under it.
      const readings = formatGrowthReadings(saleGrowth, growthMeaning, '2020-2025')
      expect(readings.other).toBeDefined()
      expect(cells[4]).toHaveTextContent(plain(readings.stated))
      expect(within(cells[4] as HTMLElement).getByTestId('other-reading')).toHaveTextContent(
        plain(readings.other ?? '')
      )
      expect(within(cells[4] as HTMLElement).getByTestId('other-reading')).toBeVisible()
      expect(screen.getByRole('columnheader', { name: `Rent growth ${words}` })).toBeVisible()
      expect(screen.getByRole('columnheader', { name: `Sale growth ${words}` })).toBeVisible()
      // The charts take the figures a frame after the matrix shows them.
      await waitFor(() =>
        expect(screen.getByTestId('growth-chart')).toHaveTextContent(
          `Growth (${words}), rent vs sale`
        )
      )
      const path = screen.getByTestId('price-path-chart')
      expect(path).toHaveTextContent(
        growthMeaning === 'total' ? 'Derived from total growth' : 'Derived from average growth'
      )
      // The path ends at the growth period's end year, where it takes the current price.
      expect(path).toHaveTextContent('2025: current average price')
      expect(path).toHaveTextContent(
        'Each line ends in 2025, the period’s end year, at the service’s current average price'
      )
      expect(path).not.toHaveTextContent(/today/i)
      await userEvent.click(within(path).getByRole('button', { name: /as a table/ }))
      expect(within(path).getByTestId('chart-table')).toHaveTextContent('2025 (current average)')
      unmount()
    }
  })

  it('names bed types with the labels from Settings', async () => {
    const market = createFakeMarket({
      settings: { bedTypes: [{ value: '1', label: '1 bed / self-contained' }, { value: '2' }] }
    })
    renderApp({ market, route: LEKKI })
    expect(await bedRow('1')).toHaveTextContent('1 bed / self-contained')
    expect(await bedRow('2')).toHaveTextContent('2 bed')
  })

  it('shows bed types without data as "No data" (an answer: no Retry), remembers them, and can check again later', async () => {
    const user = userEvent.setup()
    const market = createFakeMarket({ notFoundBeds: { 'lekki-phase-1': ['5'] } })
    const first = renderApp({ market, route: LEKKI })
    const row = await bedRow('5')
    await waitFor(() => expect(row).toHaveClass('is-no-data'))
    expect(within(row).getAllByText('No data').length).toBeGreaterThanOrEqual(2)
    // The service just answered: nothing to retry.
    expect(within(row).queryByRole('button')).not.toBeInTheDocument()
    // Remembered where every answer is kept: the offline cache (restored at the next start).
    await first.cache.flush()
    const kept = (await first.storage.records()).map((record) => JSON.stringify(record.value))
    expect(kept.filter((value) => value.includes('NOT_FOUND')).length).toBeGreaterThanOrEqual(2)
    first.unmount()

    const priceCallsFor5 = (fake: FakeMarket) =>
      fake
        .lookupsOf('getResidentialPrice')
        .filter((call) => (call.input as { beds: string }).beds === '5').length
    const second = createFakeMarket({ notFoundBeds: { 'lekki-phase-1': ['5'] } })
    await renderRestoredApp({ market: second, storage: first.storage, route: LEKKI })
    await cellsOf('4')
    expect(priceCallsFor5(second)).toBe(0)
    const remembered = await bedRow('5')
    expect(remembered).toHaveClass('is-no-data')
    // Known from an earlier visit, not asked this time: the user can ask again, even while main
    // has paused lookups (main is asked to go on first, so the lookups are sent).
    const error = { code: 'SERVER', message: 'The service had a problem.' } as const
    act(() => second.emitServiceState({ kind: 'paused', reason: 'failing', waitMs: 9_000, error }))
    await user.click(within(remembered).getByRole('button', { name: 'Check 5 bed again' }))
    await waitFor(() => expect(priceCallsFor5(second)).toBe(2))
    expect(second.callsOf('resumeService')).toHaveLength(1)
    await waitFor(() => expect(within(remembered).queryByRole('button')).not.toBeInTheDocument())
  })

  it('keeps a "no data" answer when offline mode is turned on and off: not asked again', async () => {
    const user = userEvent.setup()
    const market = createFakeMarket({ notFoundBeds: { 'lekki-phase-1': ['5'] } })
    renderApp({ market, route: LEKKI })
    await waitFor(async () => expect(await bedRow('5')).toHaveClass('is-no-data'))
    await cellsOf('4')
    const asked5 = () =>
      market
        .lookupsOf('getResidentialPrice')
        .filter((call) => (call.input as { beds: string }).beds === '5').length +
      market.lookupsOf('getGrowth').filter((call) => (call.input as { beds: string }).beds === '5')
        .length
    const before = asked5()
    for (const step of ['on', 'off']) {
      window.location.hash = '#/settings'
      await user.click(await screen.findByTestId('offline-mode'))
      await waitFor(() => expect(market.settings.offlineMode).toBe(step === 'on'))
      window.location.hash = '#/location/residential/NG/lekki-phase-1'
      await cellsOf('4')
      expect(await bedRow('5'), step).toHaveClass('is-no-data')
    }
    // The network coming back asks nothing again either.
    act(() => void window.dispatchEvent(new Event('online')))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(asked5()).toBe(before)
  })

  it('AUTH: says the key was refused and offers Open Settings', async () => {
    const user = userEvent.setup()
    const market = createFakeMarket()
    market.setFault('getResidentialPrice', {
      code: 'AUTH',
      message: 'The service refused the API key (401).'
    })
    renderApp({ market, route: LEKKI })
    const notice = await screen.findByTestId('error-notice')
    expect(notice).toHaveAttribute('data-error-code', 'AUTH')
    expect(notice).toHaveTextContent('The service refused the API key (401).')
    await user.click(within(notice).getByRole('button', { name: 'Open Settings' }))
    await screen.findByTestId('screen-settings')
  })

  it('asks every figure of the screen in one batch call, each from its own query', async () => {
    const market = createFakeMarket()
    renderApp({ market, route: LEKKI })
    await cellsOf('5')
    // 5 bed types × rent/sale × price and growth.
    expect(market.callsOf('batchLookup')).toHaveLength(1)
    expect(market.lookupsOf('getResidentialPrice')).toHaveLength(10)
    expect(market.lookupsOf('getGrowth')).toHaveLength(10)
    expect(market.callsOf('getResidentialPrice')).toHaveLength(0)
  })

  it('a lookup that failed is not asked again by itself, but is once offline mode is turned off', async () => {
    const user = userEvent.setup()
    const market = createFakeMarket({ settings: { offlineMode: true } })
    renderApp({ market, route: LEKKI })
    const notice = await screen.findByTestId('error-notice')
    expect(notice).toHaveTextContent('Nothing is cached for this yet')
    const asked = market.callsOf('batchLookup').length
    // Leaving and coming back asks nothing again.
    window.location.hash = '#/compare'
    await screen.findByTestId('screen-compare')
    window.location.hash = '#/location/residential/NG/lekki-phase-1'
    await screen.findByTestId('error-notice')
    expect(market.callsOf('batchLookup')).toHaveLength(asked)

    window.location.hash = '#/settings'
    await user.click(await screen.findByTestId('offline-mode'))
    await waitFor(() => expect(market.settings.offlineMode).toBe(false))
    window.location.hash = '#/location/residential/NG/lekki-phase-1'
    const [rent] = await cellsOf('1')
    expect(rent).toHaveTextContent(money(fakeYearlyRent('lekki-phase-1', 'NG', '1'), 'NGN'))
    expect(screen.queryByTestId('error-notice')).not.toBeInTheDocument()
  })

  it('Refresh reports "Updated", and offline keeps showing cached figures with their date', async () => {
    const user = userEvent.setup()
    const storage = createMemoryCacheStorage()
    const market = createFakeMarket()
    const first = renderApp({ market, storage, route: LEKKI })
    await cellsOf('1')
    await user.click(screen.getByRole('button', { name: /Refresh figures for Lekki Phase 1/ }))
    expect(await screen.findByTestId('refresh-outcome')).toHaveTextContent('Updated')
    await waitFor(async () => expect((await storage.records()).length).toBeGreaterThanOrEqual(20))
    first.unmount()

    // Restart with the network off: figures come from the restored offline cache.
    market.settings = { ...market.settings, offlineMode: true }
    const callsBefore = market.lookupsOf('getResidentialPrice').length
    await renderRestoredApp({ market, storage, route: LEKKI })
    const [rent] = await cellsOf('1')
    expect(rent).toHaveTextContent(money(fakeYearlyRent('lekki-phase-1', 'NG', '1'), 'NGN'))
    expect(market.lookupsOf('getResidentialPrice').length).toBe(callsBefore)

    await user.click(screen.getByRole('button', { name: /Refresh figures for Lekki Phase 1/ }))
    // Why is said once, by the notice: not again beside the button, nor in a toast.
    expect(await screen.findByTestId('refresh-outcome')).toHaveTextContent(/^Refresh failed$/)
    const notice = await screen.findByTestId('error-notice')
    expect(notice).toHaveAttribute('data-error-code', 'OFFLINE')
    const visible = screen
      .getAllByText(/Offline mode is on/)
      .filter((element) => !element.closest('[aria-live]'))
    expect(visible).toHaveLength(1)
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument()
    expect(notice).toHaveTextContent('Showing cached data from')
    expect(rent).toHaveTextContent(money(fakeYearlyRent('lekki-phase-1', 'NG', '1'), 'NGN'))
  })

  it('says "stale" once when every figure is old, without a mark on each cell or the date twice', async () => {
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000)
    renderApp({ market: createFakeMarket({ now: () => threeDaysAgo }), route: LEKKI })
    await cellsOf('4')
    const provenance = screen.getAllByTestId('provenance')[0]
    await waitFor(() => expect(provenance).toHaveTextContent('Stale'))
    expect(screen.getAllByTestId('stale-badge')).toHaveLength(1)
    expect(screen.getByTestId('price-matrix').querySelectorAll('.stale-dot')).toHaveLength(0)
    expect(provenance?.textContent?.match(/\d{4}/g)).toHaveLength(1)
    expect(provenance).not.toHaveTextContent('days ago')
  })

  it('marks the stale cells when only some figures are old', async () => {
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000)
    let answers = 0
    // The first answers are old (as if from an earlier visit), the rest fresh.
    const market = createFakeMarket({ now: () => (answers++ < 6 ? threeDaysAgo : new Date()) })
    renderApp({ market, route: LEKKI })
    await cellsOf('5')
    const matrix = screen.getByTestId('price-matrix')
    const staleCells = [...matrix.querySelectorAll('[role="tooltip"], [title]')].filter((node) =>
      (node.getAttribute('title') ?? node.textContent ?? '').endsWith('· stale')
    )
    const dots = matrix.querySelectorAll('.stale-dot').length
    expect(dots).toBeGreaterThan(0)
    expect(dots).toBeLessThan(20)
    expect(dots).toBe(staleCells.length)
  })

  it('saves the location and adds it to compare', async () => {
    const user = userEvent.setup()
    const { stores } = renderApp({ route: LEKKI })
    await user.click(await screen.findByTestId('save-location'))
    expect(screen.getByTestId('save-location')).toHaveAttribute('aria-pressed', 'true')
    await user.click(screen.getByTestId('add-to-compare'))
    expect(screen.getByTestId('add-to-compare')).toHaveTextContent('In compare')
    expect(stores.saved.get().map((ref) => ref.slug)).toEqual(['lekki-phase-1'])
    expect(stores.compare.get().map((ref) => ref.name)).toEqual(['Lekki Phase 1'])
    expect(stores.recent.get()[0]?.slug).toBe('lekki-phase-1')
  })
})

describe('Location: land', () => {
  it('shows the land price with its unit and the land growth', async () => {
    renderApp({ route: { ...LEKKI, sector: 'land' } })
    const price = await screen.findByTestId('land-price')
    await waitFor(() => expect(price).toHaveTextContent(/NGN [\d,]+ \/ sqm/))
    const readings = formatGrowthReadings(
      fakeGrowthPercent('lekki-phase-1:land::') / 100,
      'per-year',
      '2020-2025'
    )
    await waitFor(() =>
      expect(screen.getByTestId('land-growth')).toHaveTextContent(plain(readings.stated))
    )
    expect(screen.getByTestId('land-growth')).toHaveTextContent(plain(readings.other ?? '—'))
    expect(screen.getByTestId('land-growth')).toHaveTextContent('avg per year, 2020–2025')
  })

  it('says so gracefully when there is no land price', async () => {
    renderApp({
      market: createFakeMarket({ noLandPrice: ['lekki-phase-1'] }),
      route: { ...LEKKI, sector: 'land' }
    })
    const price = await screen.findByTestId('land-price')
    await waitFor(() => expect(price).toHaveTextContent('No land price'))
    expect(price).toHaveTextContent('may not publish land prices')
    expect(screen.queryByTestId('error-notice')).not.toBeInTheDocument()
  })
})

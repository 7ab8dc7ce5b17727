import { hashKey } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { createObservationHistory } from '../../history/observation-history'
import { DEMO_BASE_URL } from '../../history/observation-log'
import { lookupKey } from '@shared/figures/identity'
import { formatPercent } from '../../lib/format'
import { fakeSalePrice, fakeYearlyRent } from '../../../../../test/support/renderer/fake-dataset'
import { createFakeMarket } from '../../../../../test/support/renderer/fake-market'
import { LEKKI, renderApp } from '../../../../../test/support/renderer/render'
import { createMemorySeriesStorage } from '../../../../../test/support/renderer/memory-storage'

beforeEach(() => window.localStorage.clear())

describe('observed by you', () => {
  it('records the lookup and shows a figure whose value changed since an earlier visit', async () => {
    const seriesStorage = createMemorySeriesStorage()
    const history = createObservationHistory(seriesStorage)
    const queryKey = lookupKey({
      kind: 'residentialPrice',
      location: 'lekki-phase-1',
      countryCode: 'NG',
      type: 'sale',
      beds: '2'
    })
    await history.record(
      { source: 'demo', baseUrl: DEMO_BASE_URL, queryHash: hashKey(queryKey), queryKey },
      { value: 1_000, unit: 'NGN', at: Date.UTC(2026, 0, 1) }
    )
    // A remote observation of the same query must never appear next to demo figures.
    await history.record(
      { source: 'remote', baseUrl: 'https://x.example', queryHash: hashKey(queryKey), queryKey },
      { value: 5, unit: 'NGN', at: Date.UTC(2026, 0, 2) }
    )
    renderApp({ route: LEKKI, seriesStorage })
    const section = await screen.findByTestId('observed-history', {}, { timeout: 5000 })
    expect(section).toHaveTextContent("not the service's growth figure")
    const figures = within(section).getAllByTestId('observed-figure')
    expect(figures.map((figure) => figure.dataset['label'])).toEqual(['2 bed · sale price'])
    const rows = within(figures[0] as HTMLElement)
      .getAllByRole('row')
      .slice(1)
    expect(rows).toHaveLength(2)
    const sale = fakeSalePrice('lekki-phase-1', 'NG', '2').toLocaleString('en-US')
    expect(rows[0]).toHaveTextContent(sale)
    expect(rows[1]).toHaveTextContent('1,000')
    expect(section).not.toHaveTextContent(/\b5\b/)
  })

  it('shows nothing while every figure has a single value', async () => {
    const { history } = renderApp({ route: LEKKI })
    await screen.findAllByTestId('net-yield-2', {}, { timeout: 5000 })
    await waitFor(async () => expect((await history.all()).length).toBeGreaterThan(0))
    expect(screen.queryByTestId('observed-history')).toBeNull()
  })
})

describe('net yield calculator', () => {
  it('computes from the saved assumptions, keeps bad input with an inline error, and saves good input', async () => {
    const user = userEvent.setup()
    const { stores } = renderApp({ market: createFakeMarket(), route: LEKKI })
    const cell = await screen.findByTestId('net-yield-2', {}, { timeout: 5000 })
    const rent = fakeYearlyRent('lekki-phase-1', 'NG', '2')
    const sale = fakeSalePrice('lekki-phase-1', 'NG', '2')
    // Defaults: 10 % service charge, 1 month vacant.
    expect(cell).toHaveTextContent(formatPercent((rent * (11 / 12) - rent * 0.1) / sale))

    const vacancy = screen.getByTestId('assumption-vacancyMonths')
    await user.clear(vacancy)
    await user.type(vacancy, 'abc')
    expect(vacancy).toHaveValue('abc')
    expect(vacancy).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('alert')).toHaveTextContent('“abc” is not a number; using 1')
    expect(stores.yieldAssumptions.get().vacancyMonths).toBe(1)

    await user.clear(vacancy)
    await user.type(vacancy, '0')
    expect(stores.yieldAssumptions.get().vacancyMonths).toBe(0)
    expect(screen.getByTestId('net-yield-2')).toHaveTextContent(
      formatPercent((rent - rent * 0.1) / sale)
    )
    expect(screen.getByTestId('assumptions-line')).toHaveTextContent('0 months vacant a year')
    expect(screen.getByTestId('move-in-2')).toHaveAttribute(
      'title',
      expect.stringContaining('fees')
    )
  })

  it('shows each bedroom step for sale and rent', async () => {
    renderApp({ route: LEKKI })
    const card = await screen.findByTestId('bedroom-premium', {}, { timeout: 5000 })
    await waitFor(() => expect(card).toHaveTextContent('2 bed → 3 bed'))
    const step = card.querySelector('tr[data-step="2→3"]')
    const rent2 = fakeYearlyRent('lekki-phase-1', 'NG', '2')
    const rent3 = fakeYearlyRent('lekki-phase-1', 'NG', '3')
    expect(step).toHaveTextContent(formatPercent((rent3 - rent2) / rent2, { signed: true }))
    expect(card).toHaveTextContent('calculated by the app')
  })
})

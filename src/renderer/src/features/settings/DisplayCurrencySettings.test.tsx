import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { formatNumber } from '../../lib/format'
import {
  refOf,
  seedCompare,
  waitForFigures
} from '../../../../../test/support/renderer/compare-seed'
import { fakeSalePrice } from '../../../../../test/support/renderer/fake-dataset'
import { renderApp } from '../../../../../test/support/renderer/render'

const RATES = {
  currency: 'USD',
  rates: [
    { from: 'NGN', to: 'USD', rate: 0.0006, asOf: '2026-11-01' },
    { from: 'USD', to: 'GHS', rate: 12.5, asOf: '2026-10-15' }
  ]
}

describe('Display currency', () => {
  it('adds dated rates from Settings, refuses invalid ones, and keeps the choice', async () => {
    const { stores } = renderApp({ route: { screen: 'settings' } })
    const section = await screen.findByTestId('display-currency-settings')
    const user = userEvent.setup()
    await user.selectOptions(within(section).getByTestId('display-currency'), 'USD')
    await user.type(within(section).getByTestId('rate-from'), 'ngn')
    await user.type(within(section).getByTestId('rate-value'), 'abc')
    await user.click(within(section).getByTestId('rate-add'))
    expect(within(section).getByTestId('rate-problem')).toHaveTextContent('Check rate')
    expect(stores.displayCurrency.get().rates).toHaveLength(0)

    await user.clear(within(section).getByTestId('rate-value'))
    await user.type(within(section).getByTestId('rate-value'), '0.0006')
    await user.clear(within(section).getByTestId('rate-as-of'))
    await user.type(within(section).getByTestId('rate-as-of'), '2026-11-01')
    await user.click(within(section).getByTestId('rate-add'))
    expect(stores.displayCurrency.get()).toEqual({
      currency: 'USD',
      rates: [{ from: 'NGN', to: 'USD', rate: 0.0006, asOf: '2026-11-01' }]
    })
    expect(within(section).getByTestId('exchange-rates')).toHaveTextContent('1 NGN = 0.0006 USD')
  })

  it('refuses hex, out-of-range and future-dated rates', async () => {
    const { stores } = renderApp({ route: { screen: 'settings' } })
    const section = await screen.findByTestId('display-currency-settings')
    const user = userEvent.setup()
    const value = within(section).getByTestId('rate-value')
    await user.type(within(section).getByTestId('rate-from'), 'NGN')
    await user.type(within(section).getByTestId('rate-to'), 'USD')
    for (const typed of ['0x10', '1e308', '0.0000000001']) {
      await user.clear(value)
      await user.type(value, typed)
      await user.click(within(section).getByTestId('rate-add'))
      expect(within(section).getByTestId('rate-problem'), typed).toHaveTextContent('Check rate')
    }
    await user.clear(value)
    await user.type(value, '0.0006')
    await user.clear(within(section).getByTestId('rate-as-of'))
    await user.type(within(section).getByTestId('rate-as-of'), '2062-01-01')
    await user.click(within(section).getByTestId('rate-add'))
    expect(within(section).getByTestId('rate-problem')).toHaveTextContent('Check asOf')
    expect(stores.displayCurrency.get().rates).toEqual([])
  })

  it('shows converted prices on the location screen, naming the rate date', async () => {
    window.localStorage.setItem('me.displayCurrency', JSON.stringify(RATES))
    renderApp({
      route: { screen: 'location', sector: 'residential', countryCode: 'NG', slug: 'ikoyi' }
    })
    const matrix = await screen.findByTestId('price-matrix')
    const row = await waitFor(() => {
      const found = matrix.querySelector<HTMLElement>('tr[data-beds="3"]')
      expect(within(found as HTMLElement).getAllByTestId('converted-figure')).toHaveLength(2)
      return found as HTMLElement
    })
    const sale = fakeSalePrice('ikoyi', 'NG', '3')
    expect(row).toHaveTextContent(`≈ USD ${formatNumber(sale * 0.0006)} (rate of 2026-11-01)`)
  })

  it('compares prices across currencies only when converting, and says so', async () => {
    seedCompare(refOf('ikoyi'), refOf('east-legon'))
    window.localStorage.setItem('me.compareView', JSON.stringify({ type: 'sale', beds: '3' }))
    const { stores } = renderApp({ route: { screen: 'compare' } })
    await waitForFigures('price')
    expect(screen.getByTestId('mixed-currency-notice')).toHaveTextContent(
      'Choose a display currency in Settings'
    )
    const table = screen.getByTestId('compare-table')
    expect(table.querySelectorAll('tr[data-metric="price"] td[data-best]')).toHaveLength(0)

    stores.displayCurrency.set(RATES)
    await screen.findByTestId('converted-currency-notice')
    expect(screen.getByTestId('compare-legend')).toHaveTextContent('only as converted to USD')
    expect(screen.queryByTestId('mixed-currency-notice')).not.toBeInTheDocument()
    const ngn = fakeSalePrice('ikoyi', 'NG', '3') * 0.0006
    const ghs = fakeSalePrice('east-legon', 'GH', '3') / 12.5
    const best = table.querySelector<HTMLElement>('tr[data-metric="price"] td[data-best="true"]')
    expect(Number(best?.dataset['value'])).toBe(
      ngn < ghs ? fakeSalePrice('ikoyi', 'NG', '3') : fakeSalePrice('east-legon', 'GH', '3')
    )
    // Both price rows (sale, and the rent gross yield is built from) show converted figures.
    expect(within(table).getAllByTestId('converted-figure')).toHaveLength(4)
  })
})

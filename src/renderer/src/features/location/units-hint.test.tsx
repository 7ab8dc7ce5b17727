import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { FakeMarketOptions } from '../../../../../test/support/renderer/fake-market'
import { createFakeMarket } from '../../../../../test/support/renderer/fake-market'
import { FAKE_LOCATIONS } from '../../../../../test/support/renderer/fake-dataset'
import { LEKKI, renderApp } from '../../../../../test/support/renderer/render'

async function figuresShown() {
  const matrix = await screen.findByTestId('price-matrix')
  await waitFor(() => expect(within(matrix).queryAllByRole('status')).toHaveLength(0))
}

function renderLekki(options: FakeMarketOptions) {
  return renderApp({ market: createFakeMarket(options), route: LEKKI })
}

describe('a hint when figures look like the wrong units', () => {
  it('growth read as a fraction when the service sends percentages', async () => {
    const user = userEvent.setup()
    renderLekki({ settings: { growthUnit: 'fraction' }, serviceUnits: { growthUnit: 'percent' } })
    const hint = await screen.findByTestId('units-hint')
    expect(hint).toHaveTextContent(/wrong units/i)
    expect(hint).toHaveTextContent(/growth/i)
    expect(hint).toHaveTextContent(/fraction/i)
    await user.click(within(hint).getByRole('button', { name: /check settings/i }))
    expect(await screen.findByTestId('screen-settings')).toBeInTheDocument()
  })

  it('rent read as per month when the service quotes it per year', async () => {
    renderLekki({ settings: { rentPeriod: 'month' }, serviceUnits: { rentPeriod: 'year' } })
    const hint = await screen.findByTestId('units-hint')
    expect(hint).toHaveTextContent(/yield/i)
    expect(hint).toHaveTextContent(/per month/i)
    expect(hint).not.toHaveTextContent(/growth/i)
  })

  it('says nothing when the figures are plausible', async () => {
    renderLekki({})
    await figuresShown()
    expect(screen.queryByTestId('units-hint')).not.toBeInTheDocument()
  })

  it('on a land location', async () => {
    const land = FAKE_LOCATIONS[0]
    if (!land) throw new Error('no land fixture')
    renderApp({
      market: createFakeMarket({
        settings: { growthUnit: 'fraction' },
        serviceUnits: { growthUnit: 'percent' }
      }),
      route: { screen: 'location', sector: 'land', countryCode: 'NG', slug: land.slug }
    })
    expect(await screen.findByTestId('units-hint')).toHaveTextContent(/growth/i)
  })

  it('on Compare', async () => {
    const refs = ['ikoyi', 'maitama'].map((slug) => {
      const location = FAKE_LOCATIONS.find((l) => l.slug === slug)
      if (!location) throw new Error(slug)
      const { name, city, country } = location
      return { sector: 'residential', slug, countryCode: 'NG', name, city, country }
    })
    window.localStorage.setItem('me.compare', JSON.stringify(refs))
    renderApp({
      market: createFakeMarket({
        settings: { rentPeriod: 'month' },
        serviceUnits: { rentPeriod: 'year' }
      }),
      route: { screen: 'compare' }
    })
    expect(await screen.findByTestId('units-hint')).toHaveTextContent(/yield/i)
  })
})

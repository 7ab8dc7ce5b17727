import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { MarketApi } from '@shared/operations'
import { createFakeMarket } from '../../../../../test/support/renderer/fake-market'
import { renderApp } from '../../../../../test/support/renderer/render'

const ATLANTIS = {
  screen: 'location',
  sector: 'residential',
  countryCode: 'NG',
  slug: 'atlantis'
} as const

describe('Location: a slug the service does not list', () => {
  it('says it is not a location of this service, with a way back and nothing to save or compare', async () => {
    const user = userEvent.setup()
    const { market } = renderApp({ route: ATLANTIS })
    const unknown = await screen.findByTestId('unknown-location')
    expect(unknown).toHaveTextContent(/not a location of this service/i)
    expect(unknown).toHaveTextContent('atlantis')
    expect(screen.queryByTestId('save-location')).not.toBeInTheDocument()
    expect(screen.queryByTestId('add-to-compare')).not.toBeInTheDocument()
    expect(screen.queryByTestId('price-matrix')).not.toBeInTheDocument()
    expect(market.lookupsOf('getResidentialPrice')).toHaveLength(0)
    expect(window.localStorage.getItem('me.recent')).toBeNull()
    await user.click(within(unknown).getByRole('button', { name: /search residential locations/i }))
    expect(await screen.findByTestId('screen-explore')).toBeInTheDocument()
  })

  it('shows loading, not Save or Add, while the list of locations is on its way', async () => {
    const market = createFakeMarket()
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const list = market.listLocations
    market.listLocations = (async (input) => {
      await gate
      return list(input)
    }) as MarketApi['listLocations']
    renderApp({ market, route: { ...ATLANTIS, slug: 'ikoyi' } })
    expect(await screen.findByTestId('location-checking')).toBeInTheDocument()
    expect(screen.queryByTestId('save-location')).not.toBeInTheDocument()
    expect(screen.queryByTestId('add-to-compare')).not.toBeInTheDocument()
    release()
    expect(await screen.findByTestId('save-location')).toBeEnabled()
    expect(screen.getByTestId('location-name')).toHaveTextContent('Ikoyi')
    expect(screen.queryByTestId('location-checking')).not.toBeInTheDocument()
  })

  it('a check that takes long can be cancelled: the figures show unchecked, and Check again asks anew', async () => {
    const user = userEvent.setup()
    const market = createFakeMarket()
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const list = market.listLocations
    let asked = 0
    market.listLocations = (async (input) => {
      asked += 1
      await gate
      return list(input)
    }) as MarketApi['listLocations']
    renderApp({ market, route: { ...ATLANTIS, slug: 'ikoyi' } })
    const checking = await screen.findByTestId('location-checking')
    expect(screen.queryByTestId('price-matrix')).not.toBeInTheDocument()
    await user.click(within(checking).getByRole('button', { name: 'Cancel' }))
    const unchecked = await screen.findByTestId('location-unverified')
    expect(unchecked).toHaveTextContent(/cannot check/i)
    expect(unchecked).toHaveTextContent('The request was cancelled.')
    expect(screen.queryByTestId('location-checking')).not.toBeInTheDocument()
    expect(await screen.findByTestId('price-matrix')).toBeInTheDocument()
    expect(asked).toBe(1)
    await user.click(within(unchecked).getByRole('button', { name: 'Check again' }))
    expect(await screen.findByTestId('location-checking')).toBeInTheDocument()
    expect(asked).toBe(2)
    release()
    expect(await screen.findByTestId('save-location')).toBeEnabled()
    expect(screen.queryByTestId('location-unverified')).not.toBeInTheDocument()
  })

  it('offline with no cached list: says it cannot check, rather than claiming either', async () => {
    const market = createFakeMarket()
    market.setFault('listLocations', {
      code: 'OFFLINE',
      message: 'Offline mode is on, so the service was not contacted.'
    })
    renderApp({ market, route: ATLANTIS })
    const unchecked = await screen.findByTestId('location-unverified')
    expect(unchecked).toHaveTextContent(/cannot check/i)
    // The service's sentence stands on its own, not in brackets it already ends inside.
    expect(unchecked).toHaveTextContent(
      'could not be loaded. Offline mode is on, so the service was not contacted.'
    )
    expect(unchecked).not.toHaveTextContent('.)')
    expect(screen.queryByTestId('unknown-location')).not.toBeInTheDocument()
    expect(screen.queryByText(/not a location of this service/i)).not.toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('location-name')).toHaveTextContent('Atlantis'))
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatGrowth } from '../../lib/format'
import { fakeGrowthPercent } from '../../../../../test/support/renderer/fake-dataset'
import { createFakeMarket } from '../../../../../test/support/renderer/fake-market'
import { renderApp } from '../../../../../test/support/renderer/render'

const LEKKI_LAND = {
  screen: 'location',
  sector: 'land',
  countryCode: 'NG',
  slug: 'lekki-phase-1'
} as const

const NO_LAND_ROUTE = {
  code: 'UNSUPPORTED_ROUTE',
  message:
    'The service at api.example.com has no route /v1/land-prices (HTTP 404): this is not missing data, the request went to a path the service does not serve.',
  status: 404
} as const

describe('Location: a service with no land-price route', () => {
  it('says plainly that the service has no land prices, with the next step, and still shows land growth', async () => {
    const market = createFakeMarket()
    market.setFault('getLandPrice', NO_LAND_ROUTE)
    renderApp({ market, route: LEKKI_LAND })

    const notice = await screen.findByTestId('no-land-prices')
    expect(notice).toHaveTextContent('This service has no land prices')
    expect(notice).toHaveTextContent('Test connection looks for the route again')
    expect(notice).toHaveTextContent('Route layout → Custom')
    expect(notice).toHaveTextContent('has no route /v1/land-prices: this is not missing data')
    // Its code and HTTP status only in the folded details.
    expect(within(notice).getByTestId('error-details')).toHaveTextContent(
      'UNSUPPORTED_ROUTE · HTTP 404'
    )
    expect(within(notice).getByRole('button', { name: 'Open Settings' })).toBeEnabled()

    const price = screen.getByTestId('land-price')
    expect(price).toHaveTextContent('No land prices')
    expect(price).not.toHaveTextContent('No data')
    // Not a generic error to retry, and not "no data for this request".
    expect(screen.queryByTestId('error-notice')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
    await waitFor(() =>
      expect(screen.getByTestId('land-growth')).toHaveTextContent(
        formatGrowth(fakeGrowthPercent('lekki-phase-1:land::') / 100)
      )
    )
  })

  it('a service that only lacks this location’s land price keeps the "no data" wording', async () => {
    renderApp({
      market: createFakeMarket({ noLandPrice: ['lekki-phase-1'] }),
      route: LEKKI_LAND
    })
    const price = await screen.findByTestId('land-price')
    await waitFor(() => expect(price).toHaveTextContent('No land price'))
    expect(screen.queryByTestId('no-land-prices')).not.toBeInTheDocument()
  })
})

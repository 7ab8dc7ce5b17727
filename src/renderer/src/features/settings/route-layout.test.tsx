import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { DiscoveryRow } from '@shared/contract'
import { providerLayout, specLayout } from '@shared/settings'
import { createFakeMarket } from '../../../../../test/support/renderer/fake-market'
import type { FakeMarket } from '../../../../../test/support/renderer/fake-market'
import { renderApp } from '../../../../../test/support/renderer/render'

const SETTINGS = { screen: 'settings' } as const
const URL_SAVED = 'https://api.example.com'

function remoteMarket(): FakeMarket {
  return createFakeMarket({
    settings: { connectionMode: 'remote', baseUrl: URL_SAVED },
    keyStatus: { hasKey: true, storage: 'encrypted' }
  })
}

describe('Settings: route layout', () => {
  it('a bad custom path keeps what was typed, says what is wrong, and saves nothing until fixed', async () => {
    const user = userEvent.setup()
    const market = remoteMarket()
    renderApp({ market, route: SETTINGS })
    const profiles = await screen.findByRole('group', { name: 'Route layout' })
    expect(
      within(profiles).getByRole('radio', { name: 'All routes under the base URL' })
    ).toBeChecked()
    expect(screen.getByTestId('route-layout-status')).toHaveTextContent(
      'Not confirmed yet: “All routes under the base URL” is used until Test connection'
    )

    await user.click(within(profiles).getByRole('radio', { name: 'My own paths' }))
    await waitFor(() => expect(market.settings.routeLayouts[URL_SAVED]?.profile).toBe('custom'))
    const saved = structuredClone(market.settings.routeLayouts)

    const growth = await screen.findByRole('textbox', { name: 'Growth' })
    await user.clear(growth)
    await user.type(growth, 'https://evil.example/growth')
    expect(growth).toHaveValue('https://evil.example/growth')
    expect(growth).toHaveAttribute('aria-invalid', 'true')
    expect(growth).toHaveAccessibleDescription(
      'The growth path must be a path only, without a scheme or host.'
    )
    await user.click(screen.getByTestId('route-save'))
    expect(
      within(screen.getByTestId('custom-routes')).getByTestId('field-error')
    ).toHaveTextContent('Nothing was saved: fix the path marked above.')
    expect(growth).toHaveFocus()
    expect(growth).toHaveValue('https://evil.example/growth')
    expect(market.settings.routeLayouts).toEqual(saved)

    await user.clear(growth)
    await user.type(growth, '/v1/growth ')
    expect(growth).not.toHaveAttribute('aria-invalid')
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Where locations takes its parameters' }),
      'JSON body'
    )
    await user.click(screen.getByTestId('route-save'))
    await waitFor(() =>
      expect(market.settings.routeLayouts[URL_SAVED]).toEqual({
        profile: 'custom',
        routes: {
          ...specLayout().routes,
          listLocations: { path: 'locations', placement: 'body' },
          getGrowth: { path: '/v1/growth', placement: 'query' }
        }
      })
    )
    expect(screen.getByTestId('route-layout-status')).toHaveTextContent('Paths saved.')
    // Saved in place: the editor shows what was saved and keeps the focus where it was.
    expect(screen.getByRole('textbox', { name: 'Growth' })).toHaveValue('/v1/growth')
    expect(screen.getByTestId('route-save')).toHaveFocus()
    expect(screen.getByTestId('route-save')).toHaveAttribute('aria-disabled', 'true')
  })

  it('choosing "Estate Intel API" saves the provider layout for this base URL only', async () => {
    const user = userEvent.setup()
    const market = remoteMarket()
    market.settings.routeLayouts = { 'https://other.example': specLayout('body') }
    renderApp({ market, route: SETTINGS })
    await user.click(await screen.findByRole('radio', { name: 'Estate Intel API' }))
    await waitFor(() =>
      expect(market.settings.routeLayouts).toEqual({
        'https://other.example': specLayout('body'),
        [URL_SAVED]: providerLayout()
      })
    )
    expect(screen.getByTestId('route-summary')).toHaveTextContent('Land prices/v1/land-prices')
  })

  it('is not offered for demo data', async () => {
    renderApp({ route: SETTINGS })
    await screen.findByTestId('test-connection')
    expect(screen.queryByTestId('route-layout')).not.toBeInTheDocument()
  })
})

const ROWS: DiscoveryRow[] = [
  { operation: 'listLocations', path: '/locations', placement: 'query', outcome: 'works' },
  {
    operation: 'getResidentialPrice',
    path: '/v1/residential-prices',
    placement: 'query',
    outcome: 'works'
  },
  { operation: 'getGrowth', path: 'v1/growth', placement: 'body', outcome: 'no-data' },
  {
    operation: 'getLandPrice',
    path: 'land-prices',
    placement: 'query',
    outcome: 'route-missing',
    detail: 'no route answered at land-prices, v1/land-prices'
  }
]

/** testConnection as main answers it after a discovery (saved only for the saved connection). */
function withDiscovery(market: FakeMarket): FakeMarket {
  const plain = market.testConnection.bind(market)
  market.testConnection = async (draft) => {
    const reply = await plain(draft)
    if (!reply.ok) return reply
    return {
      ...reply,
      data: { ...reply.data, discovery: ROWS, discoveryRequests: 7, layoutSaved: !draft }
    }
  }
  return market
}

describe('Settings: Test connection shows what discovery found', () => {
  it('the saved connection: a table of operation, path, placement and outcome, and the layout is kept', async () => {
    const user = userEvent.setup()
    const market = withDiscovery(remoteMarket())
    renderApp({ market, route: SETTINGS })
    await user.click(await screen.findByTestId('test-connection'))

    const table = await screen.findByRole('table', { name: 'Routes found at api.example.com' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent)
    ).toEqual(['Operation', 'Path', 'Parameters in', 'Outcome'])
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent)
      )
    expect(rows.map((cells) => cells.slice(0, 2))).toEqual([
      ['/locations', 'Query string'],
      ['/v1/residential-prices', 'Query string'],
      ['v1/growth', 'JSON body'],
      ['land-prices', 'Query string']
    ])
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent)
    ).toEqual(['Locations', 'Residential prices', 'Growth', 'Land prices'])
    expect(rows.map((cells) => cells[2])).toEqual([
      'Works',
      'Works',
      'No data the route exists; no figures for the sample location',
      'Route missing no route answered at land-prices, v1/land-prices'
    ])
    expect(screen.getByTestId('discovery-summary')).toHaveTextContent(
      `Discovery used 7 requests. Layout saved for ${URL_SAVED}.`
    )
    // The saved connection is tested as saved (no draft), which is what keeps the layout.
    expect(market.callsOf('testConnection').map((call) => call.input)).toEqual([undefined])
  })

  it('what the form holds: the table is shown, and it says the layout was not kept', async () => {
    const user = userEvent.setup()
    const market = withDiscovery(remoteMarket())
    renderApp({ market, route: SETTINGS })
    await user.type(await screen.findByTestId('api-key-input'), 'typed-key-9')
    await user.click(screen.getByTestId('test-connection'))
    expect(await screen.findByTestId('discovery-summary')).toHaveTextContent(
      'Layout not saved: this tested what the form holds.'
    )
    expect(market.callsOf('testConnection')[0]?.input).toMatchObject({ apiKey: 'typed-key-9' })
  })
})

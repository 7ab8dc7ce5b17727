import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createFakeMarket } from '../../../../test/support/renderer/fake-market'
import { renderApp } from '../../../../test/support/renderer/render'
import { READY_MARK } from './App'

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online })
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'))
  })
}

describe('App shell', () => {
  it('sets data-app-state="ready" once settings are loaded and a screen is shown', async () => {
    renderApp()
    const root = screen.getByTestId('app-root')
    expect(root).toHaveAttribute('data-app-state', 'loading')
    await waitFor(() => expect(root).toHaveAttribute('data-app-state', 'ready'))
    expect(screen.getByTestId('screen-explore')).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Explore' })).toHaveAttribute('aria-current', 'page')
  })

  it('sets the ready performance mark once, when the first screen is on screen', async () => {
    performance.clearMarks(READY_MARK)
    const market = createFakeMarket()
    market.setFault('getSettings', { code: 'INTERNAL', message: 'not yet' })
    const { unmount } = renderApp({ market })
    await screen.findByTestId('error-notice')
    expect(performance.getEntriesByName(READY_MARK)).toHaveLength(0)
    unmount()

    renderApp({ route: { screen: 'compare' } })
    await screen.findByTestId('screen-compare')
    await waitFor(() => expect(performance.getEntriesByName(READY_MARK)).toHaveLength(1))
    renderApp()
    await waitFor(() =>
      expect(screen.getAllByTestId('app-root')[1]).toHaveAttribute('data-app-state', 'ready')
    )
    expect(performance.getEntriesByName(READY_MARK)).toHaveLength(1)
  })

  it('opens every screen at its top, not where the previous one was scrolled to', async () => {
    renderApp()
    await screen.findByTestId('screen-explore')
    const main = screen.getByRole('main', { name: 'Content' })
    main.scrollTop = 640
    await userEvent.setup().click(screen.getByRole('link', { name: 'Rankings' }))
    await screen.findByTestId('screen-rankings')
    expect(main.scrollTop).toBe(0)
  })

  it('explains a settings failure instead of showing a blank app', async () => {
    const market = createFakeMarket()
    market.setFault('getSettings', {
      code: 'INTERNAL',
      message: 'The settings file is unreadable.'
    })
    renderApp({ market })
    await waitFor(() =>
      expect(screen.getByTestId('app-root')).toHaveAttribute('data-app-state', 'error')
    )
    expect(screen.getByTestId('error-notice')).toHaveTextContent('The settings file is unreadable.')
  })

  it('shows notices from main until dismissed', async () => {
    const user = userEvent.setup()
    const notice = 'The settings file was unreadable and has been reset to defaults.'
    renderApp({ market: createFakeMarket({ notices: [notice] }) })
    expect(await screen.findByTestId('app-notices')).toHaveTextContent(notice)
    await user.click(screen.getByRole('button', { name: 'Dismiss notices' }))
    expect(screen.queryByTestId('app-notices')).not.toBeInTheDocument()
  })
})

describe('Status bar', () => {
  it('shows demo mode, online state and the last successful request', async () => {
    renderApp({ route: { screen: 'explore', sector: 'residential' } })
    const bar = await screen.findByTestId('status-bar')
    expect(within(bar).getByTestId('status-connection')).toHaveTextContent('Demo data')
    expect(within(bar).getByTestId('status-network')).toHaveTextContent('Online')
    await waitFor(() =>
      expect(within(bar).getByTestId('status-last-success')).toHaveTextContent(
        'Last successful request'
      )
    )
  })

  it('shows your service host and offline mode', async () => {
    const market = createFakeMarket({
      settings: {
        connectionMode: 'remote',
        baseUrl: 'https://api.example.com/v1',
        offlineMode: true
      },
      keyStatus: { hasKey: true, storage: 'encrypted' }
    })
    renderApp({ market, route: { screen: 'settings' } })
    const bar = await screen.findByTestId('status-bar')
    await waitFor(() =>
      expect(within(bar).getByTestId('status-connection')).toHaveTextContent('api.example.com')
    )
    expect(within(bar).getByTestId('status-connection')).toHaveTextContent('Your service')
    expect(within(bar).getByTestId('status-network')).toHaveTextContent('Offline mode')
    expect(within(bar).getByTestId('status-last-success')).toHaveTextContent(
      'No successful request yet'
    )
  })

  it('a service that says its figures are illustrative is shown as demo data is: badge and banner', async () => {
    const market = createFakeMarket({
      settings: { connectionMode: 'remote', baseUrl: 'https://api.example.com/v1' },
      keyStatus: { hasKey: true, storage: 'encrypted' }
    })
    const status = market.getConnectionStatus.bind(market)
    const notice = 'Sample figures. Not market data.'
    market.getConnectionStatus = async () => {
      const answer = await status()
      return answer.ok ? { ...answer, data: { ...answer.data, demoNotice: notice } } : answer
    }
    renderApp({
      market,
      route: { screen: 'location', sector: 'residential', countryCode: 'NG', slug: 'ikoyi' }
    })
    const badge = within(await screen.findByTestId('status-connection')).getByTestId('source-badge')
    await waitFor(() => expect(badge).toHaveTextContent('Your service: illustrative data'))
    expect(badge).toHaveClass('badge-demo')
    expect(badge).toHaveAttribute('title', `Your service says: ${notice}`)
    expect(await screen.findByTestId('illustrative-notice')).toHaveTextContent(
      `Your service says its figures are illustrative: “${notice}”`
    )
    // The figures' own source badge says it too, not a plain "Your service".
    const section = within(await screen.findByTestId('provenance'))
    await waitFor(() =>
      expect(section.getByTestId('source-badge')).toHaveTextContent(
        'Your service: illustrative data'
      )
    )
  })

  it("says what the service's last answer was instead of Online: unreachable, refused key", async () => {
    const market = createFakeMarket()
    const status = market.getConnectionStatus.bind(market)
    let lastError: { code: string; message: string; at: string } | undefined = {
      code: 'NETWORK',
      message: 'The service refused the connection.',
      at: new Date().toISOString()
    }
    market.getConnectionStatus = async () => {
      const answer = await status()
      return answer.ok && lastError ? { ...answer, data: { ...answer.data, lastError } } : answer
    }
    const { queryClient } = renderApp({ market, route: { screen: 'settings' } })
    const network = within(await screen.findByTestId('status-bar')).getByTestId('status-network')
    await waitFor(() => expect(network).toHaveTextContent('Service unreachable'))
    expect(network).toHaveAttribute('title', expect.stringContaining('refused the connection'))
    lastError = { code: 'AUTH', message: 'The service refused the API key.', at: lastError.at }
    await queryClient.invalidateQueries()
    await waitFor(() => expect(network).toHaveTextContent('Service refused the key'))
    lastError = undefined
    await queryClient.invalidateQueries()
    await waitFor(() => expect(network).toHaveTextContent('Online'))
  })

  it('says when the computer has no network', async () => {
    renderApp({ route: { screen: 'settings' } })
    const bar = await screen.findByTestId('status-bar')
    setOnline(false)
    try {
      await waitFor(() =>
        expect(within(bar).getByTestId('status-network')).toHaveTextContent('Offline (no network)')
      )
    } finally {
      setOnline(true)
    }
    expect(within(bar).getByTestId('status-network')).toHaveTextContent('Online')
  })
})

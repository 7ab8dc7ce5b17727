import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createFakeMarket } from '../../../../../test/support/renderer/fake-market'
import { renderApp } from '../../../../../test/support/renderer/render'
import { ERRORS } from '@shared/errors/catalogue'
import { createMemoryCacheStorage } from '../../../../../test/support/renderer/memory-storage'

const SETTINGS = { screen: 'settings' } as const

describe('Settings: API key', () => {
  it('is write-only: never pre-filled, shows only how a key is stored', async () => {
    const user = userEvent.setup()
    const market = createFakeMarket({ keyStatus: { hasKey: true, storage: 'encrypted' } })
    renderApp({ market, route: SETTINGS })
    const input = await screen.findByLabelText('API key')
    expect(input).toHaveAttribute('type', 'password')
    expect(input).toHaveValue('')
    await waitFor(() =>
      expect(screen.getByTestId('api-key-status')).toHaveTextContent('A key is saved (encrypted)')
    )

    await user.type(input, 'new-secret-key')
    await user.click(screen.getByTestId('api-key-save'))
    await waitFor(() => expect(input).toHaveValue(''))
    expect(market.callsOf('setApiKey').map((call) => call.input)).toEqual([
      { key: 'new-secret-key', persistence: 'persistent' }
    ])
    expect(document.body.textContent).not.toContain('new-secret-key')

    await user.click(screen.getByTestId('api-key-clear'))
    await waitFor(() =>
      expect(screen.getByTestId('api-key-status')).toHaveTextContent('No key saved')
    )
  })

  it('offers "Keep for this session only" when encryption is unavailable', async () => {
    const user = userEvent.setup()
    const market = createFakeMarket({
      keyStatus: { encryptionAvailable: false, encryptionBackend: 'basic_text' }
    })
    renderApp({ market, route: SETTINGS })
    expect(await screen.findByTestId('encryption-unavailable')).toHaveTextContent('basic_text')
    await user.type(screen.getByLabelText('API key'), 'k-123')
    // No way to save it encrypted: the one save button keeps it for this session only.
    expect(screen.queryByRole('button', { name: 'Save key' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Keep for this session only' }))
    await waitFor(() =>
      expect(screen.getByTestId('api-key-status')).toHaveTextContent(
        'A key is kept for this session only'
      )
    )
    expect(market.callsOf('setApiKey')[0]?.input).toEqual({ key: 'k-123', persistence: 'session' })
  })
})

describe('Settings: connection', () => {
  it('Test connection reports the exact failure message and code', async () => {
    const user = userEvent.setup()
    const market = createFakeMarket()
    market.failNext('testConnection', {
      code: 'AUTH',
      message: 'The service refused the API key (HTTP 401).',
      status: 401
    })
    renderApp({ market, route: SETTINGS })
    await user.click(await screen.findByTestId('test-connection'))
    const result = screen.getByTestId('test-connection-result')
    await waitFor(() =>
      expect(within(result).getByTestId('field-error')).toHaveTextContent(
        /^The service refused the API key\..*DetailsAUTH · HTTP 401$/
      )
    )
    await user.click(screen.getByTestId('test-connection'))
    await waitFor(() =>
      expect(result).toHaveTextContent('Connected to 127.0.0.1:41234: 20 locations in 42 ms.')
    )
  })

  it('Test connection tests what is typed, URL and key, without saving either', async () => {
    const user = userEvent.setup()
    const market = createFakeMarket({ settings: { connectionMode: 'remote' } })
    renderApp({ market, route: SETTINGS })
    await user.type(await screen.findByTestId('base-url-input'), 'https://api.example.com/v1')
    await user.type(screen.getByTestId('api-key-input'), 'typed-key-123')
    await user.click(screen.getByTestId('test-connection'))
    await waitFor(() =>
      expect(screen.getByTestId('test-connection-result')).toHaveTextContent(
        'Connected to api.example.com'
      )
    )
    expect(market.callsOf('testConnection').map((call) => call.input)).toEqual([
      {
        connectionMode: 'remote',
        baseUrl: 'https://api.example.com/v1',
        parameterPlacement: 'query',
        apiKey: 'typed-key-123'
      }
    ])
    expect(market.callsOf('setApiKey')).toHaveLength(0)
    expect(market.settings.baseUrl).toBe('')
    expect(screen.getByTestId('api-key-input')).toHaveValue('typed-key-123')
  })

  it('in Settings, a failed test never says "Open Settings"', async () => {
    const user = userEvent.setup()
    const market = createFakeMarket({ settings: { connectionMode: 'remote' } })
    // As main answers it: what happened, and the next step for each screen to phrase.
    market.failNext('testConnection', ERRORS.noApiKey())
    renderApp({ market, route: SETTINGS })
    await user.type(await screen.findByTestId('base-url-input'), 'https://api.example.com/v1')
    await user.click(screen.getByTestId('test-connection'))
    const result = screen.getByTestId('test-connection-result')
    await waitFor(() => expect(result).toHaveTextContent('No API key is set'))
    expect(screen.getByTestId('screen-settings')).not.toHaveTextContent(/open settings/i)
    expect(screen.queryByRole('button', { name: /open settings/i })).not.toBeInTheDocument()
  })

  it('switches to your service and saves a base URL, showing the service’s validation message', async () => {
    const user = userEvent.setup()
    const market = createFakeMarket()
    renderApp({ market, route: SETTINGS })
    const group = await screen.findByRole('group', { name: 'Data source' })
    await user.click(within(group).getByRole('radio', { name: 'Your service' }))
    await waitFor(() => expect(market.settings.connectionMode).toBe('remote'))

    const url = screen.getByLabelText('Service base URL')
    await user.type(url, 'http://api.example.com')
    expect(
      screen.getByText(
        'The base URL must use https (plain http is only allowed for localhost / 127.0.0.1)'
      )
    ).toBeInTheDocument()
    expect(screen.getByTestId('base-url-save')).toBeDisabled()
    await user.clear(url)
    await user.type(url, 'https://api.example.com/v1')
    await user.click(screen.getByTestId('base-url-save'))
    await waitFor(() => expect(market.settings.baseUrl).toBe('https://api.example.com/v1'))
  })
})

describe('Settings: reading the figures, offline and appearance', () => {
  it('changes rent period, growth unit, bed types, offline mode and theme', async () => {
    const user = userEvent.setup()
    const market = createFakeMarket()
    renderApp({ market, route: SETTINGS })
    await user.click(await screen.findByRole('radio', { name: 'Per month' }))
    await user.click(screen.getByRole('radio', { name: /Fraction/ }))
    await user.click(screen.getByRole('radio', { name: /Total over the period/ }))
    await user.type(screen.getByTestId('bed-type-input'), 'studio{Enter}')
    // The new row's label field takes the focus: the user names the bed type straight away.
    const studioLabel = await screen.findByRole('textbox', { name: 'Label for bed type studio' })
    await waitFor(() => expect(studioLabel).toHaveFocus())
    await user.keyboard('Studio flat{Enter}')
    await user.type(screen.getByRole('textbox', { name: 'Label for bed type 4' }), '4 bed / duplex')
    await user.tab()
    await user.click(screen.getByRole('button', { name: 'Remove bed type 1' }))
    await user.click(screen.getByRole('switch', { name: /Offline mode/ }))
    await user.click(screen.getByRole('radio', { name: 'Dark' }))
    await waitFor(() => expect(document.documentElement.dataset['theme']).toBe('dark'))
    expect(market.settings).toMatchObject({
      rentPeriod: 'month',
      growthUnit: 'fraction',
      growthMeaning: 'total',
      bedTypes: [
        { value: '2' },
        { value: '3' },
        { value: '4', label: '4 bed / duplex' },
        { value: '5' },
        { value: 'studio', label: 'Studio flat' }
      ],
      offlineMode: true,
      theme: 'dark'
    })
    expect(within(screen.getByTestId('bed-types')).getByText('studio')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Label for bed type studio' })).toHaveValue(
      'Studio flat'
    )
  })

  it('edits a bed label in place, keeping focus, and Reset brings back the provider’s 1–4', async () => {
    const user = userEvent.setup()
    const market = createFakeMarket()
    renderApp({ market, route: SETTINGS })
    const label = await screen.findByRole('textbox', { name: 'Label for bed type 2' })
    expect(label).toHaveAttribute('placeholder', '2 bed')
    await user.type(label, 'Mini flat')
    await user.tab()
    await waitFor(() =>
      expect(market.settings.bedTypes[1]).toEqual({ value: '2', label: 'Mini flat' })
    )
    expect(screen.getByRole('button', { name: 'Remove bed type 2' })).toHaveFocus()
    expect(screen.getByRole('textbox', { name: 'Label for bed type 2' })).toHaveValue('Mini flat')

    await user.click(screen.getByRole('button', { name: /Reset to the provider/ }))
    await waitFor(() =>
      expect(market.settings.bedTypes).toEqual([
        { value: '1', label: '1 bed / self-contained' },
        { value: '2' },
        { value: '3' },
        { value: '4', label: '4 bed / duplex' }
      ])
    )
    expect(screen.getByRole('textbox', { name: 'Label for bed type 2' })).toHaveValue('')
    expect(screen.getByRole('textbox', { name: 'Label for bed type 1' })).toHaveValue(
      '1 bed / self-contained'
    )
  })

  it('shows the cache size and clears it after confirmation', async () => {
    const user = userEvent.setup()
    const storage = createMemoryCacheStorage()
    await storage.setItem(
      'market-query-["market","x"]',
      JSON.stringify({ buster: 'test', state: { data: 1, dataUpdatedAt: Date.now() } })
    )
    await storage.setItem('market-query-["market","y"]', 'x'.repeat(2000))
    renderApp({ storage, route: SETTINGS })
    await waitFor(() =>
      expect(screen.getByTestId('cache-size')).toHaveTextContent(/2 cached results, about 2\.\d KB/)
    )
    await user.click(screen.getByTestId('clear-cache'))
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Delete all 2 cached results?')
    await user.click(screen.getByTestId('confirm-clear-cache'))
    await waitFor(() =>
      expect(screen.getByTestId('cache-size')).toHaveTextContent('0 cached results')
    )
    expect(await storage.records()).toEqual([])
  })

  it('shows the demo data notice', async () => {
    renderApp({ route: SETTINGS })
    await waitFor(() => expect(screen.getByTestId('demo-notice')).toHaveTextContent('illustrative'))
  })
})

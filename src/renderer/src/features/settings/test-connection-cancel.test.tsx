import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ConnectionTestOutput } from '@shared/contract'
import type { Result } from '@shared/result'
import { createFakeMarket } from '../../../../../test/support/renderer/fake-market'
import { renderApp } from '../../../../../test/support/renderer/render'

/** What main answers a test that Cancel ended after the locations route was found. */
const CANCELLED: Result<ConnectionTestOutput> = {
  ok: false,
  error: {
    code: 'CANCELLED',
    message: 'The test was cancelled after 2 requests.',
    details: {
      latencyMs: 12,
      locationsFound: 1,
      baseUrl: 'https://api.example.com',
      discoveryRequests: 2,
      layoutSaved: false,
      stopped: 'cancelled',
      discovery: [
        { operation: 'listLocations', path: 'locations', placement: 'query', outcome: 'works' },
        {
          operation: 'getResidentialPrice',
          path: 'residential-prices',
          placement: 'query',
          outcome: 'error',
          detail: 'no answer: the test was cancelled'
        }
      ]
    }
  }
}

describe('Settings: a running Test connection', () => {
  it('offers Cancel next to "Testing…", which ends it and shows the routes tried so far', async () => {
    const user = userEvent.setup()
    const market = createFakeMarket()
    let answer: (result: Result<ConnectionTestOutput>) => void = () => undefined
    market.testConnection = () => new Promise((resolve) => (answer = resolve))
    let cancels = 0
    market.cancelConnectionTest = async () => {
      cancels += 1
      answer(CANCELLED)
      return { ok: true, data: { cancelled: true } }
    }
    renderApp({ market, route: { screen: 'settings' } })
    await user.click(await screen.findByTestId('test-connection'))
    expect(screen.getByTestId('test-connection')).toHaveTextContent(/^Testing…/)
    expect(screen.getByTestId('test-connection')).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Cancel the test' }))
    expect(cancels).toBe(1)
    await waitFor(() =>
      expect(screen.getByTestId('test-connection')).toHaveTextContent('Test connection')
    )
    expect(screen.queryByRole('button', { name: 'Cancel the test' })).toBeNull()
    expect(screen.getByTestId('test-connection')).toHaveFocus()
    expect(screen.getByTestId('test-connection-result')).toHaveTextContent(
      'The test was cancelled after 2 requests.DetailsCANCELLED'
    )
    const table = screen.getByTestId('discovery-table')
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    expect(table).toHaveTextContent('no answer: the test was cancelled')
    expect(screen.getByTestId('discovery-summary')).toHaveTextContent(
      'Discovery used 2 requests. Nothing saved: the test did not finish.'
    )
  })
})

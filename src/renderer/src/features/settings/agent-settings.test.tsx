import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createFakeMarket } from '../../../../../test/support/renderer/fake-market'
import { renderApp } from '../../../../../test/support/renderer/render'

describe('Settings: your report (agent block)', () => {
  it('saves name, agency and contact, trimmed, once changed; bounded by the shared schema', async () => {
    const user = userEvent.setup()
    const market = createFakeMarket()
    renderApp({ market, route: { screen: 'settings' } })
    const form = await screen.findByTestId('agent-settings', {}, { timeout: 5000 })
    const save = within(form).getByTestId('agent-save')
    expect(save).toBeDisabled()
    expect(within(form).getByTestId('agent-name')).toHaveAttribute('maxlength', '80')
    expect(within(form).getByTestId('agent-agency')).toHaveAttribute('maxlength', '80')
    expect(within(form).getByTestId('agent-contact')).toHaveAttribute('maxlength', '160')

    await user.type(within(form).getByTestId('agent-name'), '  Ada Obi ')
    await user.type(within(form).getByTestId('agent-agency'), 'Obi & Partners')
    await user.type(within(form).getByTestId('agent-contact'), '+234 800 000 0000')
    await user.click(save)
    await waitFor(() =>
      expect(market.callsOf('updateSettings').map((call) => call.input)).toEqual([
        { agent: { name: 'Ada Obi', agency: 'Obi & Partners', contact: '+234 800 000 0000' } }
      ])
    )
    await waitFor(() => expect(save).toBeDisabled())
  })

  it('shows the saved agent', async () => {
    const agent = { name: 'Ada Obi', agency: 'Obi & Partners', contact: 'ada@example.com' }
    renderApp({ market: createFakeMarket({ settings: { agent } }), route: { screen: 'settings' } })
    const form = await screen.findByTestId('agent-settings', {}, { timeout: 5000 })
    expect(within(form).getByTestId('agent-contact')).toHaveValue('ada@example.com')
  })
})

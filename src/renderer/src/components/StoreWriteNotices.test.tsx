import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../../../test/support/renderer/render'

describe('a change the browser storage refuses', () => {
  it('is not applied, and the user is told', async () => {
    const { stores } = renderApp({ route: { screen: 'settings' } })
    const section = await screen.findByTestId('display-currency-settings')
    const select = within(section).getByTestId('display-currency')
    const user = userEvent.setup()
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    try {
      await user.selectOptions(select, 'USD')
    } finally {
      setItem.mockRestore()
    }
    const toast = await screen.findByText('Change not saved')
    expect(toast.closest('[data-testid="toast"]')).toHaveTextContent(/storage is full/)
    expect(select).toHaveValue('')
    expect(stores.displayCurrency.get().currency).toBeNull()
    expect(window.localStorage.getItem('me.displayCurrency')).toBeNull()

    await user.selectOptions(select, 'USD')
    expect(select).toHaveValue('USD')
    expect(JSON.parse(window.localStorage.getItem('me.displayCurrency') ?? '{}')).toMatchObject({
      currency: 'USD'
    })
  })
})

import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../../../test/support/renderer/render'

describe('unknown routes', () => {
  it('says the page does not exist and offers a way back, instead of showing Explore', async () => {
    const user = userEvent.setup()
    act(() => {
      window.location.hash = '#/reports/2024'
    })
    renderApp()
    const notFound = await screen.findByTestId('screen-not-found')
    expect(screen.queryByTestId('screen-explore')).not.toBeInTheDocument()
    expect(within(notFound).getByRole('heading', { level: 1 })).toHaveTextContent(/not found/i)
    expect(notFound).toHaveTextContent('#/reports/2024')
    for (const link of screen.getAllByRole('link')) {
      expect(link).not.toHaveAttribute('aria-current')
    }
    await user.click(within(notFound).getByRole('link', { name: /go to explore/i }))
    expect(await screen.findByTestId('screen-explore')).toBeInTheDocument()
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createFakeMarket } from '../../../../test/support/renderer/fake-market'
import { renderApp } from '../../../../test/support/renderer/render'

describe('first run', () => {
  it('explains the demo data and how to connect a real service, until dismissed for good', async () => {
    const user = userEvent.setup()
    const first = renderApp({ route: { screen: 'explore', sector: 'residential' } })
    const note = await screen.findByTestId('first-run')
    expect(note).toHaveTextContent(/demo data/i)
    expect(note).toHaveTextContent(/made up/i)
    expect(note).toHaveTextContent(/your service/i)
    expect(note).toHaveTextContent(/API key/i)
    await user.click(within(note).getByRole('button', { name: /got it/i }))
    expect(screen.queryByTestId('first-run')).not.toBeInTheDocument()

    first.unmount()
    renderApp({ route: { screen: 'explore', sector: 'residential' } })
    await screen.findByTestId('screen-explore')
    expect(screen.queryByTestId('first-run')).not.toBeInTheDocument()
  })

  it('takes you to the connection settings', async () => {
    const user = userEvent.setup()
    renderApp({ route: { screen: 'explore', sector: 'residential' } })
    const note = await screen.findByTestId('first-run')
    await user.click(within(note).getByRole('button', { name: /connect your service/i }))
    expect(await screen.findByTestId('screen-settings')).toBeInTheDocument()
    expect(
      within(screen.getByTestId('first-run')).queryByRole('button', { name: /connect/i })
    ).toBeNull()
  })

  it('is not shown once your own service is chosen', async () => {
    renderApp({
      market: createFakeMarket({ settings: { connectionMode: 'remote' } }),
      route: { screen: 'explore', sector: 'residential' }
    })
    await screen.findByTestId('screen-explore')
    await waitFor(() =>
      expect(screen.getByTestId('app-root')).toHaveAttribute('data-app-state', 'ready')
    )
    expect(screen.queryByTestId('first-run')).not.toBeInTheDocument()
  })
})

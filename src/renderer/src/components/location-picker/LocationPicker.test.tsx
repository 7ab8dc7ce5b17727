import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createFakeMarket } from '../../../../../test/support/renderer/fake-market'
import { renderApp } from '../../../../../test/support/renderer/render'

const optionNames = (listbox: HTMLElement) =>
  within(listbox)
    .getAllByRole('option')
    .map((option) => option.querySelector('.picker-option-name')?.textContent)

describe('Explore: location picker', () => {
  it('lists locations grouped by country, then city', async () => {
    renderApp({ route: { screen: 'explore', sector: 'residential' } })
    const listbox = await screen.findByRole('listbox', { name: 'Residential locations' })
    await waitFor(() => expect(within(listbox).getAllByRole('option').length).toBeGreaterThan(5))
    const text = Array.from(listbox.querySelectorAll('[role="presentation"], [role="option"]')).map(
      (row) => row.textContent ?? ''
    )
    expect(text.slice(0, 3)).toEqual([
      'Ghana4',
      'Accra4',
      expect.stringContaining('Airport Residential')
    ])
    expect(text.findIndex((t) => t.startsWith('Kenya'))).toBeGreaterThan(
      text.findIndex((t) => t.startsWith('Ghana'))
    )
    expect(screen.getByTestId('location-count')).toHaveTextContent('20 locations in 3 countries')
  })

  it('searches name, city and country as you type', async () => {
    const user = userEvent.setup()
    renderApp({ route: { screen: 'explore', sector: 'residential' } })
    const search = await screen.findByRole('combobox', { name: /search locations/i })
    const listbox = await screen.findByRole('listbox')
    await waitFor(() => expect(within(listbox).getAllByRole('option').length).toBeGreaterThan(5))

    await user.type(search, 'accra')
    await waitFor(() =>
      expect(optionNames(listbox)).toEqual([
        'Airport Residential',
        'Cantonments',
        'East Legon',
        'Osu'
      ])
    )
    await user.clear(search)
    await user.type(search, 'kenya kar')
    await waitFor(() => expect(optionNames(listbox)).toEqual(['Karen']))
    expect(screen.getByTestId('location-count')).toHaveTextContent('1 match of 20')
    await user.clear(search)
    await user.type(search, 'zzz')
    expect(await screen.findByTestId('picker-empty')).toHaveTextContent('Nothing matches')
  })

  it('moves with the arrow keys (aria-activedescendant) and opens with Enter', async () => {
    const user = userEvent.setup()
    renderApp({ route: { screen: 'explore', sector: 'residential' } })
    const search = await screen.findByRole('combobox')
    const listbox = await screen.findByRole('listbox')
    await waitFor(() => expect(within(listbox).getAllByRole('option').length).toBeGreaterThan(2))
    await user.type(search, 'lagos')
    await waitFor(() => expect(optionNames(listbox)[0]).toBe('Ikeja GRA'))

    const activeName = () =>
      document
        .getElementById(search.getAttribute('aria-activedescendant') ?? '')
        ?.querySelector('.picker-option-name')?.textContent
    expect(activeName()).toBe('Ikeja GRA')
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(activeName()).toBe('Lekki Phase 1')
    await user.keyboard('{ArrowUp}')
    expect(activeName()).toBe('Ikoyi')
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Ikoyi')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(window.location.hash).toBe('#/location/residential/NG/ikoyi'))
  })

  it('shows saved and recent locations first', async () => {
    window.localStorage.setItem(
      'me.saved',
      JSON.stringify([
        {
          sector: 'residential',
          slug: 'karen',
          countryCode: 'KE',
          name: 'Karen',
          city: 'Nairobi',
          country: 'Kenya'
        }
      ])
    )
    window.localStorage.setItem(
      'me.recent',
      JSON.stringify([
        {
          sector: 'residential',
          slug: 'osu',
          countryCode: 'GH',
          name: 'Osu',
          city: 'Accra',
          country: 'Ghana'
        }
      ])
    )
    renderApp({ route: { screen: 'explore', sector: 'residential' } })
    const listbox = await screen.findByRole('listbox')
    await waitFor(() => expect(optionNames(listbox).slice(0, 2)).toEqual(['Karen', 'Osu']))
    expect(within(listbox).getByText('Saved')).toBeInTheDocument()
    expect(within(listbox).getByText('Recent')).toBeInTheDocument()
  })

  it('isolates each name, city and country, so bidi text in one cannot reorder the row', async () => {
    const spoof = 'Ikoyi \u202E1 esahP ikkeL'
    const ref = { sector: 'residential', slug: 'ikoyi', countryCode: 'NG', name: spoof }
    window.localStorage.setItem(
      'me.recent',
      JSON.stringify([{ ...ref, city: 'Lagos \u202E', country: 'Nigeria' }])
    )
    renderApp({ route: { screen: 'explore', sector: 'residential' } })
    const listbox = await screen.findByRole('listbox')
    const option = await waitFor(() => {
      const first = within(listbox).getAllByRole('option')[0]
      expect(first?.querySelector('.picker-option-name')?.textContent).toBe(spoof)
      return first as HTMLElement
    })
    const isolated = [...option.querySelectorAll('bdi')].map((element) => element.textContent)
    expect(isolated).toEqual([spoof, 'Lagos \u202E', 'Nigeria'])
  })

  it('focuses the search from anywhere with Ctrl+K', async () => {
    renderApp({ route: { screen: 'settings' } })
    await screen.findByTestId('screen-settings')
    screen.getByTestId('offline-mode').focus()
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true })
    const search = await screen.findByRole('combobox')
    await waitFor(() => expect(search).toHaveFocus())
    expect(window.location.hash).toBe('#/explore/residential')
  })

  it('switches sector with the sector switch', async () => {
    const user = userEvent.setup()
    const { market } = renderApp({ route: { screen: 'explore', sector: 'residential' } })
    await screen.findByRole('listbox')
    await user.click(screen.getByRole('radio', { name: 'Land' }))
    expect(await screen.findByRole('listbox', { name: 'Land locations' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Land' })).toBeChecked()
    expect(market.callsOf('listLocations').map((call) => call.input)).toContainEqual({
      sector: 'land'
    })
  })

  it('explains a failure to load locations and retries', async () => {
    const user = userEvent.setup()
    const market = createFakeMarket()
    market.failNext('listLocations', {
      code: 'NETWORK',
      message: 'Could not connect to api.example.com.'
    })
    renderApp({ market, route: { screen: 'explore', sector: 'residential' } })
    const notice = await screen.findByTestId('error-notice')
    expect(notice).toHaveTextContent(/cannot reach the service/i)
    expect(notice).toHaveTextContent('Could not connect to api.example.com.')
    // Not "0 locations in 0 countries": the list was never loaded.
    expect(screen.getByTestId('location-count')).toHaveTextContent(
      'The location list could not be loaded.'
    )
    await user.click(within(notice).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(screen.queryByTestId('error-notice')).not.toBeInTheDocument())
    expect(await screen.findAllByRole('option')).not.toHaveLength(0)
    expect(screen.getByTestId('location-count')).toHaveTextContent(/^\d+ locations in \d+ countr/)
  })
})

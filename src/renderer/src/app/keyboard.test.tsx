import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { FAKE_LOCATIONS } from '../../../../test/support/renderer/fake-dataset'
import { renderApp } from '../../../../test/support/renderer/render'

const optionNames = (listbox: HTMLElement) =>
  within(listbox)
    .getAllByRole('option')
    .map((option) => option.querySelector('.picker-option-name')?.textContent)

async function exploreReady() {
  const search = await screen.findByRole('combobox', { name: /search locations/i })
  const listbox = await screen.findByRole('listbox')
  await waitFor(() => expect(within(listbox).getAllByRole('option').length).toBeGreaterThan(5))
  return { search, listbox }
}

describe('keyboard', () => {
  it('ArrowRight on the sector switch moves to Land and keeps focus and the query there', async () => {
    const user = userEvent.setup()
    renderApp({ route: { screen: 'explore', sector: 'residential' } })
    const { search } = await exploreReady()
    await user.type(search, 'lagos')
    screen.getByRole('radio', { name: 'Residential' }).focus()
    await user.keyboard('{ArrowRight}')
    expect(await screen.findByRole('listbox', { name: 'Land locations' })).toBeInTheDocument()
    const land = screen.getByRole('radio', { name: 'Land' })
    expect(land).toBeChecked()
    expect(land).toHaveFocus()
    expect(screen.getByRole('combobox', { name: /search locations/i })).toHaveValue('lagos')
  })

  it('Enter opens the top match for what is typed, even before the list has caught up', async () => {
    renderApp({ route: { screen: 'explore', sector: 'residential' } })
    const { search } = await exploreReady()
    act(() => {
      fireEvent.change(search, { target: { value: 'maitama' } })
      fireEvent.keyDown(search, { key: 'Enter' })
    })
    await waitFor(() => expect(window.location.hash).toBe('#/location/residential/NG/maitama'))
  })

  it('ranks names that start with the query first, and forgives one typo', async () => {
    const user = userEvent.setup()
    renderApp({ route: { screen: 'explore', sector: 'residential' } })
    const { search, listbox } = await exploreReady()
    await user.type(search, 'gra')
    await waitFor(() => expect(optionNames(listbox)).toEqual(['GRA Phase 2', 'Ikeja GRA']))
    await user.clear(search)
    await user.type(search, 'yabba')
    await waitFor(() => expect(optionNames(listbox)).toEqual(['Yaba']))
  })

  it('opening a location puts focus on its heading, not on the page body', async () => {
    const user = userEvent.setup()
    renderApp({ route: { screen: 'explore', sector: 'residential' } })
    const { search } = await exploreReady()
    await user.type(search, 'ikoyi')
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1))
    await user.keyboard('{Enter}')
    const heading = await screen.findByTestId('location-name')
    await waitFor(() => expect(heading).toHaveFocus())
  })

  it('keeps the search query when coming back to Explore', async () => {
    const user = userEvent.setup()
    renderApp({ route: { screen: 'explore', sector: 'residential' } })
    const { search } = await exploreReady()
    await user.type(search, 'ikoyi')
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1))
    await user.keyboard('{Enter}')
    await screen.findByTestId('location-name')
    act(() => {
      window.location.hash = '#/explore/residential'
    })
    const again = await screen.findByRole('combobox', { name: /search locations/i })
    expect(again).toHaveValue('ikoyi')
    await waitFor(() => expect(again).toHaveFocus())
  })

  it('Ctrl+K in the add-location panel searches there and stays on Compare', async () => {
    const user = userEvent.setup()
    renderApp({ route: { screen: 'compare' } })
    await user.click(await screen.findByRole('button', { name: /add a location/i }))
    const panel = await screen.findByTestId('add-location-panel')
    within(panel).getByRole('button', { name: 'Done' }).focus()
    fireEvent.keyDown(within(panel).getByRole('button', { name: 'Done' }), {
      key: 'k',
      ctrlKey: true
    })
    await waitFor(() => expect(within(panel).getByRole('combobox')).toHaveFocus())
    expect(window.location.hash).toBe('#/compare')
  })

  it('removing a compare column moves focus to the next column, then to "Add location"', async () => {
    const user = userEvent.setup()
    const refs = ['ikoyi', 'maitama', 'osu'].map((slug) => {
      const location = FAKE_LOCATIONS.find((l) => l.slug === slug)
      if (!location) throw new Error(slug)
      const { name, city, country } = location
      return {
        sector: 'residential',
        slug,
        countryCode: location.country_code,
        name,
        city,
        country
      }
    })
    window.localStorage.setItem('me.compare', JSON.stringify(refs))
    renderApp({ route: { screen: 'compare' } })
    const remove = (name: string) =>
      screen.findByRole('button', { name: `Remove ${name} from compare` })

    ;(await remove('Maitama')).focus()
    await user.keyboard('{Enter}')
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove Osu from compare' })).toHaveFocus()
    )
    await user.keyboard('{Enter}')
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove Ikoyi from compare' })).toHaveFocus()
    )
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByTestId('compare-add')).toHaveFocus())
  })
})

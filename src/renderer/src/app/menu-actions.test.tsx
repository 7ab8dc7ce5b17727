import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SaveFileInput } from '@shared/desktop'
import { csvFilename } from '../lib/csv'
import {
  COMPARE,
  refOf,
  seedCompare,
  waitForFigures
} from '../../../../test/support/renderer/compare-seed'
import { createFakeMarket } from '../../../../test/support/renderer/fake-market'
import type { FakeMarket } from '../../../../test/support/renderer/fake-market'
import { renderApp } from '../../../../test/support/renderer/render'

afterEach(() => {
  vi.restoreAllMocks()
})

async function ready(market: FakeMarket) {
  await screen.findByTestId('app-root')
  await waitFor(() =>
    expect(screen.getByTestId('app-root')).toHaveAttribute('data-app-state', 'ready')
  )
  return (action: Parameters<FakeMarket['emitMenuAction']>[0]) =>
    act(() => market.emitMenuAction(action))
}

describe('application menu actions', () => {
  it('go to each screen and open Settings', async () => {
    const market = createFakeMarket()
    renderApp({ market, route: { screen: 'explore', sector: 'land' } })
    const send = await ready(market)
    // Each action waits for the route it set, as a person choosing menu items one by one would.
    const go = async (action: Parameters<typeof send>[0], hash: string) => {
      const changed = new Promise((resolve) =>
        window.addEventListener('hashchange', resolve, { once: true })
      )
      send(action)
      expect(window.location.hash).toBe(hash)
      await act(() => changed)
    }
    await go('go-rankings', '#/rankings')
    await go('go-compare', '#/compare')
    await go('go-saved', '#/saved')
    await go('open-settings', '#/settings')
    // From a screen with no sector, Explore opens on Residential.
    await go('go-explore', '#/explore/residential')
  })

  it('Search locations goes to Explore and focuses its search', async () => {
    const market = createFakeMarket()
    renderApp({ market, route: { screen: 'settings' } })
    const send = await ready(market)
    send('focus-search')
    const search = await screen.findByRole('combobox', { name: /search locations/i })
    await waitFor(() => expect(search).toHaveFocus())
  })

  it('switches the theme through the settings', async () => {
    const market = createFakeMarket()
    renderApp({ market, route: { screen: 'explore', sector: 'residential' } })
    const send = await ready(market)
    send('theme-dark')
    await waitFor(() => expect(market.settings.theme).toBe('dark'))
    expect(market.callsOf('updateSettings').map((call) => call.input)).toEqual([{ theme: 'dark' }])
  })

  it('says so when the screen has nothing to export', async () => {
    const market = createFakeMarket()
    renderApp({ market, route: { screen: 'explore', sector: 'residential' } })
    const send = await ready(market)
    send('export-report')
    expect(await screen.findByText('Open a location to export its report.')).toBeInTheDocument()
    expect(market.callsOf('exportReport')).toHaveLength(0)
    send('export-png')
    // Collapsed into the same toast, with both details.
    expect(
      await screen.findByText(/Open a location or Compare to export a chart\./)
    ).toBeInTheDocument()
  })

  it("Export report opens the location screen's report dialog, whose Save PDF exports", async () => {
    const market = createFakeMarket()
    renderApp({
      market,
      route: { screen: 'location', sector: 'residential', countryCode: 'NG', slug: 'ikoyi' }
    })
    const send = await ready(market)
    await screen.findByTestId('export-report', {}, { timeout: 5000 })
    send('export-report')
    fireEvent.click(await screen.findByTestId('report-save'))
    await waitFor(() => expect(market.callsOf('exportReport')).toHaveLength(1))
    expect(market.callsOf('exportReport')[0]?.input).toMatchObject({
      suggestedName: expect.stringContaining('ikoyi') as unknown,
      paper: 'A4'
    })
  })

  it('Export table as CSV saves the Compare table through the native dialog (no path seen)', async () => {
    seedCompare(refOf('lekki-phase-1'), refOf('ikoyi'))
    const market = createFakeMarket()
    const saveFile = vi.fn((_input: SaveFileInput) =>
      Promise.resolve({ ok: true as const, data: { saved: true } })
    )
    market.saveFile = saveFile
    renderApp({ market, route: COMPARE })
    await screen.findByTestId('compare-table')
    await waitForFigures('yield')
    const send = await ready(market)
    send('export-csv')
    await waitFor(() => expect(saveFile).toHaveBeenCalledOnce())
    const input = saveFile.mock.calls[0]?.[0]
    expect(input?.kind).toBe('csv')
    expect(input?.suggestedName).toBe(csvFilename('compare'))
    expect(new TextDecoder().decode(input?.bytes)).toMatch(/^Location,City,Country/)
    expect(await screen.findByText('CSV exported')).toBeInTheDocument()
  })

  it('Export table as CSV saves the Rankings table on Rankings', async () => {
    const market = createFakeMarket()
    const saveFile = vi.fn((_input: SaveFileInput) =>
      Promise.resolve({ ok: true as const, data: { saved: true } })
    )
    market.saveFile = saveFile
    renderApp({ market, route: { screen: 'rankings' } })
    await waitFor(() =>
      expect(screen.getAllByTestId('rankings-row')[0]).toHaveAttribute('data-state', 'ok')
    )
    const send = await ready(market)
    send('export-csv')
    await waitFor(() => expect(saveFile).toHaveBeenCalledOnce())
    const input = saveFile.mock.calls[0]?.[0]
    expect(input?.suggestedName).toBe(csvFilename('rankings'))
    expect(new TextDecoder().decode(input?.bytes)).toContain('Lekki Phase 1')
  })

  it('a cancelled dialog says nothing; a failed save says why', async () => {
    seedCompare(refOf('ikoyi'))
    const market = createFakeMarket()
    market.saveFile = vi
      .fn()
      .mockResolvedValueOnce({ ok: true, data: { saved: false } })
      .mockResolvedValueOnce({
        ok: false,
        error: { code: 'INTERNAL', message: 'The file could not be written (disk full).' }
      })
    renderApp({ market, route: COMPARE })
    await screen.findByTestId('compare-table')
    await waitForFigures('yield')
    const send = await ready(market)
    send('export-csv')
    await waitFor(() => expect(market.saveFile).toHaveBeenCalledTimes(1))
    expect(screen.queryByText('CSV exported')).not.toBeInTheDocument()
    send('export-csv')
    expect(
      await screen.findByText('The file could not be written (disk full).')
    ).toBeInTheDocument()
    expect(screen.queryByText('CSV exported')).not.toBeInTheDocument()
  })
})

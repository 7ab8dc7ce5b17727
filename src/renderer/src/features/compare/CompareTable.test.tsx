import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  COMPARE,
  metricCells,
  refOf,
  seedCompare,
  valueOf,
  waitForFigures
} from '../../../../../test/support/renderer/compare-seed'
import { createFakeMarket } from '../../../../../test/support/renderer/fake-market'
import { renderApp, renderRestoredApp } from '../../../../../test/support/renderer/render'
import { createMemoryCacheStorage } from '../../../../../test/support/renderer/memory-storage'

describe('Compare table', () => {
  it('calls a best "so far" while a column is still loading, and says which', async () => {
    // Two locations looked at before: their figures are on disk.
    const storage = createMemoryCacheStorage()
    seedCompare(refOf('lekki-phase-1'), refOf('ikoyi'))
    const first = renderApp({ storage, route: COMPARE })
    await screen.findByTestId('compare-table')
    await waitForFigures('yield')
    await waitFor(async () => expect((await storage.records()).length).toBeGreaterThanOrEqual(6))
    first.unmount()

    // A third is added; its lookup is still running.
    seedCompare(refOf('lekki-phase-1'), refOf('ikoyi'), refOf('maitama'))
    const market = createFakeMarket()
    market.pauseBatchesAfter = 0
    await renderRestoredApp({ market, storage, route: COMPARE })
    await screen.findByTestId('compare-table')
    await waitFor(() =>
      expect(metricCells('price').filter((c) => c.dataset['best'])).toHaveLength(1)
    )
    for (const metric of ['price', 'yield', 'growth']) {
      const cells = metricCells(metric)
      const best = cells.find((cell) => cell.dataset['best'])
      expect(best?.dataset['best']).toBe('so-far')
      expect(best).toHaveTextContent('Best so far')
      expect(cells[2]).toHaveAttribute('data-pending', 'true')
      expect(within(cells[2] as HTMLElement).getByRole('status')).toHaveAccessibleName('Loading')
      const header = screen
        .getByTestId('compare-table')
        .querySelector(`tr[data-metric="${metric}"] th`)
      expect(header).toHaveTextContent('1 of 3 still loading')
    }
    expect(metricCells('price').filter((cell) => cell.dataset['best'] === 'true')).toHaveLength(0)

    // Only the new column's rent, sale and growth were asked: the rest came from the cache.
    expect(market.callsOf('batchLookup')).toHaveLength(1)
    expect((market.callsOf('batchLookup')[0]?.input as { items: unknown[] }).items).toHaveLength(3)
    market.resumeBatches()
    await waitForFigures('growth')
    const prices = metricCells('price')
    const best = prices.filter((cell) => cell.dataset['best'] === 'true')
    expect(best).toHaveLength(1)
    expect(valueOf(best[0] as HTMLElement)).toBe(Math.min(...prices.map(valueOf)))
    expect(best[0]).toHaveTextContent(/Best$/)
    expect(screen.getByTestId('compare-table')).not.toHaveTextContent('still loading')
  })

  it('shows prices compact with the exact figure in a tooltip', async () => {
    seedCompare(refOf('lekki-phase-1'), refOf('ikoyi'))
    renderApp({ route: COMPARE })
    await screen.findByTestId('compare-table')
    await waitForFigures('price')
    const [cell] = metricCells('price')
    const exact = Math.round(valueOf(cell as HTMLElement)).toLocaleString('en-US')
    expect(within(cell as HTMLElement).getByRole('tooltip')).toHaveTextContent(`NGN ${exact}`)
    expect((cell?.textContent ?? '').replace(/\s/g, ' ')).toMatch(/^NGN [\d.]+M/)
  })

  it('writes the as-of once (above the table) when every column shares it', async () => {
    seedCompare(refOf('lekki-phase-1'), refOf('ikoyi'), refOf('maitama'))
    renderApp({ route: COMPARE })
    await screen.findByTestId('compare-table')
    await waitForFigures('growth')
    const compare = screen.getByTestId('screen-compare')
    // What is on screen, leaving out the tooltips (each figure's own provenance).
    const visibleText = () => {
      const copy = compare.cloneNode(true) as HTMLElement
      copy.querySelectorAll('[role="tooltip"]').forEach((tip) => tip.remove())
      return copy.textContent ?? ''
    }
    await waitFor(() => expect(visibleText().match(/\d{1,2}:\d{2}/g)).toHaveLength(1))
    expect(within(compare).getAllByTestId('source-badge')).toHaveLength(1)
    expect(screen.queryByTestId('compare-asof')).not.toBeInTheDocument()
  })

  it('gives each column its own as-of when they differ', async () => {
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000)
    let answers = 0
    // Lekki's three figures (asked first) are old, Ikoyi's fresh.
    const market = createFakeMarket({ now: () => (answers++ < 6 ? threeDaysAgo : new Date()) })
    seedCompare(refOf('lekki-phase-1'), refOf('ikoyi'))
    renderApp({ market, route: COMPARE })
    const row = await screen.findByTestId('compare-asof')
    const [lekki, ikoyi] = within(row).getAllByRole('cell')
    expect(lekki).toHaveTextContent('3 days ago')
    expect(within(lekki as HTMLElement).getByTestId('stale-badge')).toBeInTheDocument()
    expect(ikoyi).toHaveTextContent('just now')
    expect(within(row).queryAllByTestId('source-badge')).toHaveLength(0)
  })

  it('says a failed figure failed in words, with no error code on show', async () => {
    const market = createFakeMarket()
    market.setFault('batchLookup', {
      code: 'NETWORK',
      message: 'The service could not be reached (HTTP 503).',
      status: 503
    })
    seedCompare(refOf('lekki-phase-1'), refOf('ikoyi'))
    renderApp({ market, route: COMPARE })
    await screen.findByTestId('compare-table')
    await waitFor(() => expect(metricCells('price')[0]).toHaveTextContent('Failed'))
    const [cell] = metricCells('price')
    expect(cell).toHaveTextContent('The service could not be reached.')
    expect(screen.getByTestId('compare-table')).not.toHaveTextContent(/NETWORK|HTTP 503/)
  })

  it('says a figure main did not send (sending paused) was not sent, not that it failed', async () => {
    const market = createFakeMarket()
    market.setFault('batchLookup', {
      code: 'SERVER',
      message: 'Not sent: the service failed several times in a row.',
      notSent: true
    })
    seedCompare(refOf('lekki-phase-1'), refOf('ikoyi'))
    renderApp({ market, route: COMPARE })
    await screen.findByTestId('compare-table')
    await waitFor(() => expect(metricCells('price')[0]).toHaveTextContent('Not sent'))
    expect(screen.getByTestId('compare-table')).not.toHaveTextContent('Failed')
    expect(within(metricCells('price')[0] as HTMLElement).getByText('Not sent')).toHaveClass(
      'cell-error'
    )
  })

  it('says a figure offline mode could not answer from the cache is not cached, not failed', async () => {
    const market = createFakeMarket()
    market.setFault('batchLookup', {
      code: 'OFFLINE',
      message: 'Offline mode: this figure is not in the offline cache.'
    })
    seedCompare(refOf('lekki-phase-1'), refOf('ikoyi'))
    renderApp({ market, route: COMPARE })
    await screen.findByTestId('compare-table')
    await waitFor(() => expect(metricCells('price')[0]).toHaveTextContent('Not cached'))
    expect(screen.getByTestId('compare-table')).not.toHaveTextContent('Failed')
    // Shown as a figure not there (muted), not in the red of a failure.
    expect(within(metricCells('price')[0] as HTMLElement).getByText('Not cached')).toHaveClass(
      'cell-no-data'
    )
  })
})

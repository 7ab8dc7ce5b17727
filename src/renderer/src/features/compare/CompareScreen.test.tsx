import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Location } from '@shared/spec'
import { csvFilename } from '../../lib/csv'
import {
  COMPARE,
  metricCells,
  refOf,
  seedCompare,
  valueOf,
  waitForFigures
} from '../../../../../test/support/renderer/compare-seed'
import { FAKE_LOCATIONS } from '../../../../../test/support/renderer/fake-dataset'
import { createFakeMarket } from '../../../../../test/support/renderer/fake-market'
import { renderApp } from '../../../../../test/support/renderer/render'

/** jsdom's Blob has no text(): read it the way a browser page could. */
function readBlob(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!blob) return reject(new Error('nothing was exported'))
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsText(blob)
  })
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('Compare', () => {
  it('looks figures up in one batch and highlights the best value per row', async () => {
    seedCompare(refOf('lekki-phase-1'), refOf('ikoyi'), refOf('maitama'))
    const { market } = renderApp({ route: COMPARE })
    await screen.findByTestId('compare-table')
    await waitForFigures('price')
    await waitForFigures('yield')
    await waitForFigures('growth')
    expect(market.callsOf('batchLookup')).toHaveLength(1)
    expect(market.callsOf('getResidentialPrice')).toHaveLength(0)

    const expectBest = (metric: string, pick: (values: number[]) => number) => {
      const cells = metricCells(metric)
      const values = cells.map(valueOf)
      const bestIndexes = cells.flatMap((cell, index) =>
        cell.dataset['best'] === 'true' ? [index] : []
      )
      expect(bestIndexes).toEqual([values.indexOf(pick(values))])
      expect(cells[bestIndexes[0] ?? -1]).toHaveTextContent('Best')
    }
    expectBest('price', (values) => Math.min(...values))
    expectBest('paired-price', (values) => Math.max(...values))
    expectBest('yield', (values) => Math.max(...values))
    expectBest('growth', (values) => Math.max(...values))
    // Each row says which value is best, with whose view it is; the legend points there.
    expect(screen.getByTestId('compare-legend')).toHaveTextContent('Best in each row')
    const ruleOf = (metric: string) =>
      document.querySelector(`tr[data-metric="${metric}"] th`)?.textContent ?? ''
    expect(ruleOf('price')).toContain("lowest is best (buyer's view)")
    expect(ruleOf('paired-price')).toContain("highest is best (landlord's view)")
    expect(ruleOf('yield')).toContain('highest is best')
    expect(ruleOf('growth')).toContain('highest is best')
    expect(screen.queryByTestId('mixed-currency-notice')).not.toBeInTheDocument()
  })

  it('never picks a best price across currencies, and says why', async () => {
    seedCompare(refOf('lekki-phase-1'), refOf('east-legon'), refOf('westlands'))
    renderApp({ route: COMPARE })
    const notice = await screen.findByTestId('mixed-currency-notice')
    expect(notice).toHaveTextContent('different currencies (GHS, KES, NGN)')
    await waitForFigures('yield')
    const prices = metricCells('price')
    expect(prices.map((cell) => cell.textContent)).toEqual([
      expect.stringContaining('NGN'),
      expect.stringContaining('GHS'),
      expect.stringContaining('KES')
    ])
    expect(prices.some((cell) => cell.dataset['best'])).toBe(false)
    expect(metricCells('yield').filter((cell) => cell.dataset['best'])).toHaveLength(1)
    // Each price row says in itself that it mixes currencies; ratios do not.
    const rowHeader = (metric: string) =>
      screen.getByTestId('compare-table').querySelector(`tr[data-metric="${metric}"] th`)
    for (const metric of ['price', 'paired-price']) {
      expect(rowHeader(metric)).toHaveTextContent('Mixed currencies (GHS, KES, NGN): not compared')
    }
    expect(rowHeader('yield')).toHaveTextContent('highest is best')
    expect(rowHeader('yield')).not.toHaveTextContent('Mixed currencies')
  })

  it('shows "n of m" progress while the batch runs, and can cancel it', async () => {
    const user = userEvent.setup()
    seedCompare(refOf('lekki-phase-1'), refOf('ikoyi'), refOf('maitama'))
    const market = createFakeMarket()
    market.pauseBatchesAfter = 2
    renderApp({ market, route: COMPARE })
    const progress = await screen.findByRole('progressbar', { name: 'Looking up figures' })
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuetext', '2 of 9'))
    expect(screen.getByTestId('batch-progress')).toHaveTextContent('2 of 9')

    await user.click(
      within(screen.getByTestId('batch-progress')).getByRole('button', { name: 'Cancel' })
    )
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument())
    const [batch] = market.callsOf('batchLookup')
    const [cancel] = market.callsOf('cancelBatch')
    expect(cancel?.input).toEqual({ batchId: (batch?.input as { batchId: string }).batchId })
    expect(screen.getAllByText('Cancelled').length).toBeGreaterThan(0)
    expect(screen.queryByText('CANCELLED')).not.toBeInTheDocument()
  })

  it('exports the table to CSV with proper escaping', async () => {
    const user = userEvent.setup()
    const odd: Location = {
      name: 'Banana Island, "Phase 2"',
      slug: 'banana-island',
      city: 'Lagos',
      country: 'Nigeria',
      country_code: 'NG'
    }
    const residential = [...FAKE_LOCATIONS, odd]
    seedCompare(refOf('banana-island', residential), refOf('ikoyi'))
    let exported: Blob | undefined
    const createObjectURL = vi.fn((blob: Blob) => {
      exported = blob
      return 'blob:csv'
    })
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const clicked: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement
    ) {
      clicked.push(this)
    })
    renderApp({ market: createFakeMarket({ residential }), route: COMPARE })
    await screen.findByTestId('compare-table')
    await waitForFigures('yield')
    await user.click(screen.getByTestId('export-csv'))

    expect(clicked[0]?.download).toBe(csvFilename('compare'))
    const lines = (await readBlob(exported)).split('\r\n')
    expect(exported?.type).toBe('text/csv;charset=utf-8')
    expect(lines[0]).toBe(
      'Location,City,Country,Country code,Sector,Bed type,Currency,Sale price,Rent (per year),Land price,Gross yield (%),"Growth (sale), avg per year (%)",Growth period,Source,As of'
    )
    expect(lines[1]).toMatch(
      /^"Banana Island, ""Phase 2""",Lagos,Nigeria,NG,residential,3 bed,NGN,\d+,\d+,,[\d.]+,-?[\d.]+,2020-2025,demo,\d{4}-/
    )
    expect(lines[2]).toMatch(/^Ikoyi,Lagos,Nigeria,NG,/)
  })

  it('adds locations from the picker panel and removes them from the table', async () => {
    const user = userEvent.setup()
    const { stores } = renderApp({ route: COMPARE })
    expect(await screen.findByTestId('compare-empty')).toHaveTextContent('Nothing to compare yet')
    await user.click(screen.getByTestId('compare-add'))
    const panel = await screen.findByRole('dialog', { name: 'Add a location to compare' })
    const search = within(panel).getByRole('combobox')
    await user.type(search, 'maitama')
    await waitFor(() => expect(within(panel).getAllByRole('option')).toHaveLength(1))
    await user.keyboard('{Enter}')
    expect(stores.compare.get().map((ref) => ref.slug)).toEqual(['maitama'])
    expect(await screen.findByRole('columnheader', { name: /Maitama/ })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove Maitama from compare' }))
    expect(stores.compare.get()).toEqual([])
  })

  it('after a column is removed, focus goes to the next, the previous (last column), then "Add location"', async () => {
    const user = userEvent.setup()
    seedCompare(refOf('lekki-phase-1'), refOf('ikoyi'), refOf('maitama'))
    renderApp({ route: COMPARE })
    await screen.findByTestId('compare-table')
    const removeButton = (name: string) =>
      screen.getByRole('button', { name: `Remove ${name} from compare` })
    await user.click(removeButton('Ikoyi'))
    await waitFor(() => expect(removeButton('Maitama')).toHaveFocus())
    await user.click(removeButton('Maitama'))
    await waitFor(() => expect(removeButton('Lekki Phase 1')).toHaveFocus())
    await user.click(removeButton('Lekki Phase 1'))
    await waitFor(() => expect(screen.getByTestId('compare-add')).toHaveFocus())
  })

  it('looks up the missing figures when the bed type changes', async () => {
    const user = userEvent.setup()
    seedCompare(refOf('lekki-phase-1'), refOf('ikoyi'))
    const { market } = renderApp({ route: COMPARE })
    await screen.findByTestId('compare-table')
    await waitForFigures('yield')
    expect(screen.getByTestId('compare-beds')).toHaveValue('3')
    expect(screen.getByTestId('compare-caption')).toHaveTextContent(
      'Every figure below is for 3 bed homes'
    )
    await user.selectOptions(screen.getByTestId('compare-beds'), '2')
    expect(screen.getByTestId('compare-caption')).toHaveTextContent(
      'Every figure below is for 2 bed homes'
    )
    await waitFor(() => expect(market.callsOf('batchLookup')).toHaveLength(2))
    const second = market.callsOf('batchLookup')[1]?.input as { items: Array<{ beds?: string }> }
    expect(second.items.every((item) => item.beds === '2')).toBe(true)
    await waitForFigures('yield')
  })
})

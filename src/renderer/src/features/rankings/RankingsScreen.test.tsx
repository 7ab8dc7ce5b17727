import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { refOf, seedCompare } from '../../../../../test/support/renderer/compare-seed'
import {
  FAKE_LAND_LOCATIONS,
  FAKE_LOCATIONS
} from '../../../../../test/support/renderer/fake-dataset'
import { createFakeMarket } from '../../../../../test/support/renderer/fake-market'
import { renderApp, renderRestoredApp } from '../../../../../test/support/renderer/render'
import { DEFAULT_RANKINGS_VIEW, MAX_COMPARE } from '../../stores/app-stores'
import { figureQuery } from '../../data/queries'
import { formatGrowthReadings } from '../../lib/format'
import { plain } from '../../../../../test/support/renderer/text'
import { csvFilename } from '../../lib/csv'
import { requestsOfRow, rowRequests } from './rankings-lookups'
import { createMemoryCacheStorage } from '../../../../../test/support/renderer/memory-storage'

const RANKINGS = { screen: 'rankings' } as const
/** 20 residential locations × (sale, rent, growth, smaller bed's price). */
const LOOKUPS = FAKE_LOCATIONS.length * 4

function seedView(patch: Partial<typeof DEFAULT_RANKINGS_VIEW>) {
  window.localStorage.setItem(
    'me.rankingsView',
    JSON.stringify({ ...DEFAULT_RANKINGS_VIEW, beds: '2', ...patch })
  )
}

const rows = () => screen.getAllByTestId('rankings-row')
const stateOf = (row: HTMLElement) => row.dataset['state']
const cellOf = (row: HTMLElement, column: string) =>
  row.querySelector<HTMLElement>(`td[data-column="${column}"]`)
const valueIn = (row: HTMLElement, column: string) =>
  Number(cellOf(row, column)?.dataset['value'] ?? NaN)
/** The nth row (negative: from the end), failing the test when there is none. */
function rowAt(index: number): HTMLElement {
  const all = rows()
  const row = all[index < 0 ? all.length + index : index]
  if (!row) throw new Error(`no row ${index}`)
  return row
}
const rankOf = (row: HTMLElement) => within(row).getByTestId('rank-position').textContent

async function waitForAllAnswered(count = FAKE_LOCATIONS.length) {
  await waitFor(() => {
    expect(rows()).toHaveLength(count)
    expect(rows().every((row) => stateOf(row) === 'ok')).toBe(true)
  })
}

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

describe('Rankings', () => {
  it('fetches what the filter needs through batches and ranks every location by yield', async () => {
    seedView({})
    const { market } = renderApp({ route: RANKINGS })
    await waitForAllAnswered()
    const batches = market.callsOf('batchLookup')
    const asked = batches.flatMap((call) => (call.input as { items: unknown[] }).items)
    expect(asked).toHaveLength(LOOKUPS)
    expect(market.callsOf('getResidentialPrice')).toHaveLength(0)

    const yields = rows().map((row) => valueIn(row, 'yield'))
    expect(yields).toEqual([...yields].sort((a, b) => b - a))
    expect(rows().map(rankOf)).toEqual(yields.map((_, index) => String(index + 1)))
    expect(cellOf(rowAt(0), 'yield')).toHaveTextContent('Best')
    expect(cellOf(rowAt(-1), 'yield')).toHaveTextContent('Worst')
    // Three currencies in the fake data: prices are never ranked against each other.
    expect(screen.getByTestId('rankings-currency-note')).toHaveTextContent('GHS, KES, NGN')
  })

  it('sorts by growth, best first, and the other way on a second click', async () => {
    seedView({})
    renderApp({ route: RANKINGS })
    await waitForAllAnswered()
    const user = userEvent.setup()
    await user.click(screen.getByTestId('sort-growth'))
    const down = rows().map((row) => valueIn(row, 'growth'))
    expect(down).toEqual([...down].sort((a, b) => b - a))
    await user.click(screen.getByTestId('sort-growth'))
    const up = rows().map((row) => valueIn(row, 'growth'))
    expect(up).toEqual([...down].reverse())
    expect(screen.getByTestId('sort-growth').closest('th')).toHaveAttribute(
      'aria-sort',
      'ascending'
    )
    // Each growth cell shows both readings: the stated one, the other under it.
    const readings = formatGrowthReadings(up[0] ?? NaN, 'per-year', '2020-2025')
    expect(readings.other).toBeDefined()
    expect(cellOf(rowAt(0), 'growth')).toHaveTextContent(plain(readings.stated))
    expect(cellOf(rowAt(0), 'growth')).toHaveTextContent(plain(readings.other ?? '—'))
  })

  it('ranks sale prices within each currency only, unless a display currency converts them', async () => {
    seedView({})
    window.localStorage.setItem(
      'me.displayCurrency',
      JSON.stringify({
        currency: 'NGN',
        rates: [
          { from: 'GHS', to: 'NGN', rate: 100, asOf: '2026-11-01' },
          { from: 'KES', to: 'NGN', rate: 10, asOf: '2026-11-02' }
        ]
      })
    )
    renderApp({ route: RANKINGS })
    await waitForAllAnswered()
    await userEvent.setup().click(screen.getByTestId('sort-sale'))
    expect(screen.getByTestId('rankings-converted-note')).toHaveTextContent(
      'ranked on values converted to NGN'
    )
    expect(screen.getByTestId('rankings-currency-mode')).toHaveTextContent('converted to NGN')
    const converted = rows().map((row) => {
      const cell = cellOf(row, 'sale')
      const value = Number(cell?.dataset['value'])
      const text = cell?.querySelector('.rank-converted')?.getAttribute('title') ?? ''
      return text.includes('rate of 2026-11-01')
        ? value * 100
        : text.includes('rate of 2026-11-02')
          ? value * 10
          : value
    })
    expect(converted).toEqual([...converted].sort((a, b) => a - b))
    expect(rows().map(rankOf)).toEqual(converted.map((_, index) => String(index + 1)))
  })

  it('marks pending and failed rows and never ranks them', async () => {
    seedView({})
    const market = createFakeMarket()
    // One call for the whole fetch; it stops after 24 lookups (6 locations) until cancelled.
    market.pauseBatchesAfter = 24
    market.failNext('getGrowth', { code: 'NETWORK', message: 'The connection dropped.' })
    renderApp({ route: RANKINGS, market })
    await screen.findByTestId('batch-progress')
    // What has landed shows while the call still runs; the rest is pending.
    await waitFor(() => expect(rows().filter((row) => stateOf(row) === 'ok')).toHaveLength(5))
    expect(market.callsOf('batchLookup')).toHaveLength(1)
    expect(rows().filter((row) => stateOf(row) === 'pending')).toHaveLength(14)
    const failed = rows().filter((row) => stateOf(row) === 'failed')
    expect(failed).toHaveLength(1)
    // Why, on the row only as its tooltip: no code chip, not the message on every row.
    expect(failed[0]).not.toHaveTextContent(/NETWORK|connection dropped/)
    expect(failed[0]?.querySelector('td[title]')).toHaveAttribute(
      'title',
      expect.stringContaining('The connection dropped.')
    )
    const ranked = rows().filter((row) => rankOf(row) !== '–')
    expect(ranked).toHaveLength(5)
    expect(ranked.every((row) => stateOf(row) === 'ok')).toBe(true)
    // Answered rows come first, then pending, then failed.
    const states = rows().map(stateOf)
    expect(states.slice(0, 5).every((state) => state === 'ok')).toBe(true)
    expect(states[states.length - 1]).toBe('failed')
    expect(screen.getByTestId('rankings-summary')).toHaveTextContent('1 failed')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByTestId('batch-progress')).not.toBeInTheDocument())
  })

  it('asks before fetching more lookups than the threshold', async () => {
    seedView({ confirmAbove: 50 })
    const { market } = renderApp({ route: RANKINGS })
    const confirm = await screen.findByTestId('rankings-confirm')
    expect(confirm).toHaveTextContent(`needs ${LOOKUPS} lookups`)
    expect(confirm).toHaveTextContent('more than the 50 fetched without asking')
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(market.callsOf('batchLookup')).toHaveLength(0)
    expect(rows().every((row) => stateOf(row) === 'not-fetched')).toBe(true)

    await userEvent.setup().click(screen.getByTestId('rankings-fetch'))
    await waitForAllAnswered()
    expect(market.callsOf('batchLookup').length).toBeGreaterThan(0)
  })

  it('narrows what is fetched by country, city and search', async () => {
    seedView({ country: 'NG', city: 'Abuja' })
    const { market } = renderApp({ route: RANKINGS })
    await waitForAllAnswered(4)
    const asked = market
      .callsOf('batchLookup')
      .flatMap((call) => (call.input as { items: Array<{ location: string }> }).items)
    expect(new Set(asked.map((item) => item.location))).toEqual(
      new Set(['maitama', 'wuse-2', 'gwarinpa', 'asokoro'])
    )
    await userEvent.setup().type(screen.getByTestId('rankings-search'), 'wuse')
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rows()[0]).toHaveTextContent('Wuse 2')
  })

  it('adds selected rows to compare, up to its limit', async () => {
    seedView({})
    const full = FAKE_LOCATIONS.slice(0, MAX_COMPARE - 2).map((l) => refOf(l.slug))
    seedCompare(...full)
    const { stores } = renderApp({ route: RANKINGS })
    await waitForAllAnswered()
    const user = userEvent.setup()
    const outside = rows().filter(
      (row) => !full.some((ref) => row.dataset['key']?.endsWith(`:${ref.slug}`))
    )
    const boxes = outside.map((row) => within(row).getByRole('checkbox'))
    const [first, second, third] = boxes
    if (!first || !second || !third) throw new Error('too few rows outside compare')
    await user.click(first)
    await user.click(second)
    expect(third).toBeDisabled()
    expect(screen.getByTestId('rankings-selection')).toHaveTextContent('2 selected')
    await user.click(screen.getByTestId('rankings-add-compare'))
    expect(stores.compare.get()).toHaveLength(MAX_COMPARE)
    expect(stores.compareView.get()).toEqual({ type: 'sale', beds: '2' })
  })

  it('in the desktop app, exports through the native save dialog; a failed save says why', async () => {
    seedView({ country: 'GH' })
    const market = createFakeMarket()
    const saveFile = vi
      .fn()
      .mockResolvedValueOnce({ ok: true, data: { saved: true } })
      .mockResolvedValueOnce({
        ok: false,
        error: { code: 'INTERNAL', message: 'The file could not be written (disk full).' }
      })
    market.saveFile = saveFile
    renderApp({ market, route: RANKINGS })
    await waitForAllAnswered(4)
    const user = userEvent.setup()
    await user.click(screen.getByTestId('rankings-export-csv'))
    await waitFor(() => expect(saveFile).toHaveBeenCalledOnce())
    const input = saveFile.mock.calls[0]?.[0] as {
      kind: string
      suggestedName: string
      bytes: Uint8Array
    }
    expect(input.kind).toBe('csv')
    expect(input.suggestedName).toBe(csvFilename('rankings'))
    expect(new TextDecoder().decode(input.bytes)).toMatch(/^Rank by Gross yield,Location,/)
    expect(await screen.findByText('CSV exported')).toBeInTheDocument()
    await user.click(screen.getByTestId('rankings-export-csv'))
    expect(
      await screen.findByText('The file could not be written (disk full).')
    ).toBeInTheDocument()
    expect(screen.getByText('CSV export failed')).toBeInTheDocument()
  })

  it('exports the rows as shown, in order, to CSV', async () => {
    seedView({ country: 'GH' })
    renderApp({ route: RANKINGS })
    await waitForAllAnswered(4)
    let exported: Blob | undefined
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        exported = blob
        return 'blob:csv'
      }),
      revokeObjectURL: vi.fn()
    })
    const clicked: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement
    ) {
      clicked.push(this)
    })
    await userEvent.setup().click(screen.getByTestId('rankings-export-csv'))
    expect(clicked[0]?.download).toBe(csvFilename('rankings'))
    const lines = (await readBlob(exported)).trim().split('\r\n')
    expect(lines[0]).toBe(
      'Rank by Gross yield,Location,City,Country,Country code,Status,Sale price,Sale price currency,Rent (per year),Rent (per year) currency,Gross yield (%),Growth (sale) (%),Per-bedroom premium (sale),Per-bedroom premium (sale) currency,Sector,Transaction,Bed type,Growth basis,Growth period,Filter,Source,As of'
    )
    const shown = rows().map((row) => row.querySelector('.rank-name')?.textContent)
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(shown)
    const first = (lines[1] ?? '').split(',')
    expect(first[0]).toBe('1')
    expect(first[5]).toBe('answered')
    expect(Number(first[6])).toBe(valueIn(rowAt(0), 'sale'))
    expect(first[7]).toBe('GHS')
    // What the ranking was of, and where and when each row comes from: readable with no other context.
    expect(first.slice(-8, -1)).toEqual([
      'residential',
      'sale',
      '2 bed',
      'avg per year',
      expect.stringMatching(/^\d{4}.\d{4}$/),
      'country GH',
      'demo'
    ])
    expect(first.at(-1)).toMatch(/^\d{4}-\d\d-\d\dT/)
  })

  it('answers a second visit from the restored offline cache, with no lookup, even offline', async () => {
    seedView({ country: 'KE' })
    const storage = createMemoryCacheStorage()
    const first = renderApp({ route: RANKINGS, storage })
    await waitForAllAnswered(4)
    await waitFor(async () => expect((await storage.records()).length).toBeGreaterThanOrEqual(17))
    const shown = rows().map((row) => row.dataset['key'])
    first.unmount()

    const offline = createFakeMarket({ settings: { offlineMode: true } })
    await renderRestoredApp({ route: RANKINGS, storage, market: offline })
    await waitForAllAnswered(4)
    expect(rows().map((row) => row.dataset['key'])).toEqual(shown)
    expect(offline.callsOf('batchLookup')).toHaveLength(0)
    expect(offline.callsOf('listLocations')).toHaveLength(0)
    expect(screen.queryByTestId('rankings-confirm')).not.toBeInTheDocument()
  })

  it('offline, ranks every figure cached by any screen: same order, same count answered', async () => {
    seedView({})
    const storage = createMemoryCacheStorage()
    const market = createFakeMarket()
    // Maitama's own screen was looked at first: its figures are cached by that screen.
    const location = renderApp({
      market,
      storage,
      route: { screen: 'location', sector: 'residential', countryCode: 'NG', slug: 'maitama' }
    })
    const matrix = await screen.findByTestId('price-matrix')
    await waitFor(() => expect(matrix.querySelectorAll('.cell-value').length).toBeGreaterThan(10))
    location.unmount()

    window.location.hash = '#/rankings'
    const online = await renderRestoredApp({ market, storage, route: RANKINGS })
    await waitForAllAnswered()
    // Only what no screen had asked yet: Maitama's four lookups came from its screen.
    const rankingsItems = market
      .callsOf('batchLookup')
      .slice(1)
      .flatMap((call) => (call.input as { items: unknown[] }).items)
    expect(rankingsItems).toHaveLength(LOOKUPS - 4)
    const order = rows().map((row) => row.dataset['key'])
    const summary = screen.getByTestId('rankings-summary').textContent
    expect(summary).toBe('20 locations · 20 answered')
    await waitFor(async () => expect((await storage.records()).length).toBeGreaterThan(LOOKUPS))
    online.unmount()

    const offline = createFakeMarket({ settings: { offlineMode: true } })
    await renderRestoredApp({ market: offline, storage, route: RANKINGS })
    await waitForAllAnswered()
    expect(rows().map((row) => row.dataset['key'])).toEqual(order)
    expect(screen.getByTestId('rankings-summary').textContent).toBe(summary)
    expect(offline.callsOf('batchLookup')).toHaveLength(0)
  })

  it('against a failing service: one fetch, the guard says why once, nothing more until Retry now', async () => {
    seedView({ country: 'GH' })
    const market = createFakeMarket()
    const failing = {
      code: 'SERVER',
      message: 'Not sent: the service is failing.',
      notSent: true
    } as const
    market.setFault('getGrowth', failing)
    renderApp({ route: RANKINGS, market })
    // Lookups main's quota guard did not send are "not sent", not "failed".
    await waitFor(() => expect(rows().every((row) => stateOf(row) === 'not-sent')).toBe(true))
    expect(rows().every((row) => rankOf(row) === '–')).toBe(true)
    expect(rows()[0]).toHaveTextContent('not sent · not ranked')
    expect(screen.getByTestId('rankings-summary')).toHaveTextContent(`${rows().length} not sent`)
    expect(screen.getByTestId('rankings-summary')).not.toHaveTextContent('failed')
    // Main's quota guard paused lookups: the screen shows its error once, with "Retry now".
    act(() =>
      market.emitServiceState({ kind: 'paused', reason: 'failing', waitMs: 30_000, error: failing })
    )
    const notices = await screen.findAllByTestId('error-notice')
    expect(notices).toHaveLength(1)
    expect(notices[0]).toHaveAttribute('data-error-code', 'SERVER')
    // Waiting longer than the filter's fetch delay sends nothing more.
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(market.callsOf('batchLookup')).toHaveLength(1)

    market.setFault('getGrowth', undefined)
    await userEvent
      .setup()
      .click(within(notices[0] as HTMLElement).getByRole('button', { name: 'Retry now' }))
    await waitForAllAnswered(4)
    expect(market.callsOf('resumeService')).toHaveLength(1)
    // Only the failed lookups were asked again.
    expect(market.callsOf('batchLookup')).toHaveLength(2)
    expect(market.lookupsOf('getGrowth')).toHaveLength(8)
    expect(market.lookupsOf('getResidentialPrice')).toHaveLength(12)
  })

  it('ranks land by land price and growth, with no yield or premium', async () => {
    seedView({ sector: 'land' })
    const { market } = renderApp({ route: RANKINGS })
    const landCount = FAKE_LAND_LOCATIONS.length
    await waitForAllAnswered(landCount)
    expect(screen.getByTestId('sort-land').closest('th')).toHaveAttribute('aria-sort', 'ascending')
    expect(screen.queryByTestId('sort-yield')).not.toBeInTheDocument()
    expect(screen.queryByTestId('sort-premium')).not.toBeInTheDocument()
    const asked = market
      .callsOf('batchLookup')
      .flatMap((call) => (call.input as { items: Array<{ kind: string }> }).items)
    expect(new Set(asked.map((item) => item.kind))).toEqual(new Set(['landPrice', 'growth']))
    expect(asked).toHaveLength(landCount * 2)

    // The rows follow the header's arrow: within each currency, lowest first (▲), then highest.
    const country = (row: HTMLElement | undefined) => row?.dataset['key']?.split(':')[1]
    const inOrder = (direction: 1 | -1) =>
      rows().every((row, index) => {
        const before = rows()[index - 1]
        // Within one currency (one country here), each price follows the arrow.
        if (!before || country(before) !== country(row)) return true
        return direction * (valueIn(row, 'land') - valueIn(before, 'land')) > 0
      })
    expect(new Set(rows().map(country)).size).toBe(3)
    expect(inOrder(1)).toBe(true)
    await userEvent.setup().click(screen.getByTestId('sort-land'))
    expect(screen.getByTestId('sort-land').closest('th')).toHaveAttribute('aria-sort', 'descending')
    expect(screen.getByTestId('sort-land')).toHaveTextContent('▼')
    expect(inOrder(-1)).toBe(true)
  })

  it('says which currency each of several Best / Worst marks of a price column belongs to', async () => {
    seedView({})
    renderApp({ route: RANKINGS })
    await waitForAllAnswered()
    const marks = [...document.querySelectorAll('td[data-column="sale"] .mark')]
    expect(marks.map((mark) => mark.textContent).sort()).toEqual([
      'Best in GHS',
      'Best in KES',
      'Best in NGN',
      'Worst in GHS',
      'Worst in KES',
      'Worst in NGN'
    ])
    // Yield ranks across all rows: one Best, one Worst, no currency.
    const yieldMarks = [...document.querySelectorAll('td[data-column="yield"] .mark')]
    expect(yieldMarks.map((mark) => mark.textContent).sort()).toEqual(['Best', 'Worst'])
  })

  it('changing bed type goes straight to the fetch: no "not fetched yet" and no provisional rank before it', async () => {
    seedView({ country: 'NG' })
    const { market, queryClient } = renderApp({ route: RANKINGS })
    await waitForAllAnswered(12)
    // Yaba's 3-bed figures are cached already (its location screen was opened): ranked alone,
    // it would show as "1 Yaba" until the others answer.
    const scope = { sector: 'residential', type: 'sale', beds: '3', smallerBeds: '2' } as const
    const yaba = requestsOfRow(rowRequests(refOf('yaba'), scope))
    await Promise.all(yaba.map((request) => queryClient.fetchQuery(figureQuery(market, request))))
    const seen: string[] = []
    let started = false
    const observer = new MutationObserver(() => {
      started ||= screen.queryByTestId('batch-progress') !== null
      const beds = screen.getByTestId<HTMLSelectElement>('rankings-beds').value
      if (started || beds !== '3') return
      if (screen.queryByTestId('rankings-confirm')) seen.push('not fetched yet')
      const yabaRow = rows().find((row) => row.dataset['key']?.endsWith(':yaba'))
      if (yabaRow && rankOf(yabaRow) !== '–') seen.push(`${rankOf(yabaRow) ?? ''} Yaba`)
    })
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    await userEvent.setup().selectOptions(screen.getByTestId('rankings-beds'), '3')
    expect(screen.queryByTestId('rankings-confirm')).not.toBeInTheDocument()
    await screen.findByTestId('batch-progress')
    await waitForAllAnswered(12)
    observer.disconnect()
    expect(seen).toEqual([])
    expect(screen.queryByText(/not fetched yet/)).not.toBeInTheDocument()
  })

  it('when the progress bar goes, every row already shows its answer: no pending or "not fetched" left over', async () => {
    seedView({ country: 'NG' })
    const seen: string[] = []
    let phase: 'before' | 'fetching' | 'done' = 'before'
    const observer = new MutationObserver(() => {
      const progress = screen.queryByTestId('batch-progress') !== null
      if (progress) phase = 'fetching'
      else if (phase === 'fetching') phase = 'done'
      if (phase !== 'done') return
      const summary = screen.queryByTestId('rankings-summary')?.textContent ?? ''
      if (/pending|not fetched/.test(summary)) seen.push(summary)
      if (screen.queryByTestId('rankings-confirm')) seen.push('not fetched yet')
    })
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    renderApp({ route: RANKINGS })
    await waitForAllAnswered(12)
    observer.disconnect()
    expect(phase).toBe('done')
    expect(seen).toEqual([])
  })

  it('refreshes every figure of the filter (asking main to go on when it stopped lookups, and asking first over the threshold)', async () => {
    seedView({ country: 'GH' })
    const { market, stores } = renderApp({ route: RANKINGS })
    await waitForAllAnswered(4)
    const asked = () =>
      market.callsOf('batchLookup').flatMap((call) => (call.input as { items: unknown[] }).items)
        .length
    expect(asked()).toBe(16)
    const user = userEvent.setup()
    await user.click(screen.getByTestId('rankings-refresh'))
    await waitFor(() => expect(asked()).toBe(32))
    await waitForAllAnswered(4)
    expect(market.callsOf('resumeService')).toHaveLength(0)

    // While main's quota guard has stopped lookups, the user's refresh asks it to go on first.
    const quota = { code: 'QUOTA', message: 'Not sent: the quota is used up.' } as const
    act(() => market.emitServiceState({ kind: 'stopped', error: quota }))
    await waitFor(() =>
      expect(screen.getByTestId('status-service')).toHaveTextContent('lookups stopped')
    )
    await user.click(screen.getByTestId('rankings-refresh'))
    await waitFor(() => expect(asked()).toBe(48))
    expect(market.callsOf('resumeService')).toHaveLength(1)
    await waitForAllAnswered(4)

    act(() => stores.rankingsView.set((view) => ({ ...view, confirmAbove: 10 })))
    await user.click(await screen.findByTestId('rankings-refresh'))
    expect(asked()).toBe(48)
    await user.click(screen.getByTestId('rankings-refresh-confirm'))
    await waitFor(() => expect(asked()).toBe(64))
  })

  it('opens the location when a row is clicked, but not when its checkbox is', async () => {
    seedView({ country: 'KE' })
    renderApp({ route: RANKINGS })
    await waitForAllAnswered(4)
    const user = userEvent.setup()
    const first = rowAt(0)
    const key = first.dataset['key'] ?? ''
    await user.click(within(first).getByRole('checkbox'))
    expect(window.location.hash).toBe('#/rankings')
    const yieldCell = cellOf(first, 'yield')
    if (!yieldCell) throw new Error('no yield cell')
    await user.click(yieldCell)
    expect(window.location.hash).toBe(`#/location/residential/KE/${key.split(':')[2] ?? ''}`)
  })
})

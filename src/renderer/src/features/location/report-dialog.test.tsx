import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ERRORS } from '@shared/errors/catalogue'
import type { ExportReportRequest } from '@shared/report'
import { failure } from '@shared/result'
import { REPORT_NOTES_MAX } from '../../components/report-mode'
import { createFakeMarket } from '../../../../../test/support/renderer/fake-market'
import { LEKKI, renderApp } from '../../../../../test/support/renderer/render'

const AGENT = { name: 'Ada Obi', agency: 'Obi & Partners', contact: 'ada@example.com' }

beforeEach(() => window.localStorage.clear())

async function openDialog(market = createFakeMarket()) {
  const user = userEvent.setup()
  renderApp({ market, route: LEKKI })
  const button = await screen.findByTestId('export-report', {}, { timeout: 5000 })
  await user.click(button)
  return { user, button, market, dialog: screen.getByTestId('report-dialog') }
}

describe('the report dialog', () => {
  it('opens on its first choice; Escape and Cancel close it, focus back on the button, nothing exported', async () => {
    const { user, button, market, dialog } = await openDialog()
    expect(within(dialog).getByTestId('report-section-prices')).toHaveFocus()
    expect(button).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{Escape}')
    expect(screen.queryByTestId('report-dialog')).toBeNull()
    expect(button).toHaveFocus()

    await user.click(button)
    await user.click(within(screen.getByTestId('report-dialog')).getByText('Cancel'))
    expect(screen.queryByTestId('report-dialog')).toBeNull()
    expect(button).toHaveFocus()
    expect(market.callsOf('exportReport')).toHaveLength(0)
  })

  it('offers every residential section, checked; the notes are bounded', async () => {
    const { dialog } = await openDialog()
    const boxes = within(dialog).getAllByRole('checkbox')
    expect(boxes.map((box) => box.dataset['testid'])).toEqual([
      'report-section-prices',
      'report-section-growth',
      'report-section-yields',
      'report-section-net-yield',
      'report-section-history'
    ])
    for (const box of boxes) expect(box).toBeChecked()
    expect(within(dialog).getByTestId('report-notes-input')).toHaveAttribute(
      'maxlength',
      String(REPORT_NOTES_MAX)
    )
  })

  it('prints the page as the chosen report: paper, left-out sections, both price paths, notes and agent block; then the screen is back', async () => {
    const market = createFakeMarket({ settings: { agent: AGENT } })
    const seen: Array<{ input: ExportReportRequest; html: DOMStringMap; text: string }> = []
    market.exportReport = vi.fn(async (input: ExportReportRequest) => {
      seen.push({
        input,
        html: { ...document.documentElement.dataset },
        text: document.body.textContent ?? ''
      })
      return { ok: true as const, data: { saved: true, fileName: input.suggestedName } }
    })
    const { user, button, dialog } = await openDialog(market)
    expect(within(dialog).getByTestId('report-dialog-agent')).toHaveTextContent(
      'Prepared by Ada Obi, Obi & Partners'
    )
    await user.click(within(dialog).getByTestId('report-section-growth'))
    await user.type(within(dialog).getByTestId('report-notes-input'), 'Viewing on Saturday.')
    await user.click(within(dialog).getByLabelText('Letter'))
    await user.click(within(dialog).getByTestId('report-save'))

    await waitFor(() => expect(seen).toHaveLength(1))
    const [{ input, html, text }] = seen as [(typeof seen)[number]]
    expect(input.paper).toBe('Letter')
    expect(input.suggestedName).toMatch(/^market-report-lekki-phase-1-\d{4}-\d{2}-\d{2}\.pdf$/)
    expect(input.footer).toMatch(/^Lekki Phase 1: Market Explorer report · Source: .+ · As of /)
    expect(html['report']).toBe('Letter')
    expect(html['reportOmit']).toBe('growth')
    // Both price paths, whichever is chosen on screen; no app instructions in the printed text.
    expect(text).toContain('Implied sale price path')
    expect(text).toContain('Implied rent price path')
    expect(text).toContain('Viewing on Saturday.')
    expect(text).toContain('Prepared by Ada Obi, Obi & Partners')
    expect(text).toContain('ada@example.com')

    expect(await screen.findByText('Report saved')).toBeInTheDocument()
    expect(document.documentElement.dataset['report']).toBeUndefined()
    expect(document.documentElement.dataset['reportOmit']).toBeUndefined()
    expect(screen.queryByText('Implied rent price path')).toBeNull()
    expect(screen.queryByTestId('report-notes')).toBeNull()
    expect(button).toHaveFocus()
  })

  it('a failed save keeps the dialog open with why, and every choice and note made', async () => {
    const market = createFakeMarket()
    market.exportReport = vi.fn(async () => ({
      ok: false as const,
      error: { code: 'INTERNAL' as const, message: 'The folder is read-only. Export again.' }
    }))
    const { user, dialog } = await openDialog(market)
    await user.click(within(dialog).getByTestId('report-section-growth'))
    await user.type(within(dialog).getByTestId('report-notes-input'), 'Viewing on Saturday.')
    await user.click(within(dialog).getByLabelText('Letter'))
    await user.click(within(dialog).getByTestId('report-save'))

    const failure = await screen.findByTestId('field-error')
    expect(failure).toHaveTextContent('Report not saved: The folder is read-only. Export again.')
    const reopened = screen.getByTestId('report-dialog')
    expect(within(reopened).getByTestId('report-notes-input')).toHaveValue('Viewing on Saturday.')
    expect(within(reopened).getByTestId('report-section-growth')).not.toBeChecked()
    expect(within(reopened).getByTestId('report-section-prices')).toBeChecked()
    expect(within(reopened).getByLabelText('Letter')).toBeChecked()
  })

  it('where no window can save a PDF (a plain browser), the browser prints the report instead', async () => {
    const market = createFakeMarket()
    market.exportReport = vi.fn(async () => failure(ERRORS.reportUnavailable()))
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined)
    const { user, dialog } = await openDialog(market)
    await user.click(within(dialog).getByTestId('report-save'))
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1))
    expect(screen.queryByTestId('field-error')).toBeNull()
    print.mockRestore()
  })

  it('offers a land report its own sections: the land price with its path, and the history', async () => {
    const user = userEvent.setup()
    renderApp({ route: { ...LEKKI, sector: 'land' } })
    await user.click(await screen.findByTestId('export-report', {}, { timeout: 5000 }))
    const boxes = within(screen.getByTestId('report-dialog')).getAllByRole('checkbox')
    expect(boxes.map((box) => box.dataset['testid'])).toEqual([
      'report-section-prices',
      'report-section-history'
    ])
  })

  it('prints no agent block when none is set in Settings, and says where to set it', async () => {
    const { dialog } = await openDialog()
    expect(within(dialog).getByTestId('report-dialog-agent')).toHaveTextContent(
      'Add your name, agency and contact in Settings'
    )
    expect(screen.queryByTestId('report-agent')).toBeNull()
  })
})

import { describe, expect, it, vi } from 'vitest'
import { MAX_SAVED_FILE_BYTES } from '@shared/desktop'
import { reportFooterTemplate } from '@shared/report'
import { silentLogger } from '../logging/logger'
import { createFileSaver, createReportExporter } from './save-file'
import type { SaveDialogOptions } from 'electron'
import type { ReportPdfOptions } from './save-file'

const pdf = new TextEncoder().encode('%PDF-1.4 report')
const request = (suggestedName: string) =>
  ({ suggestedName, paper: 'A4', footer: 'Source: the bundled demo dataset' }) as const

/** The exporter on main's real file saver, with a stand-in dialog and writer. */
function deps(
  overrides: {
    printToPdf?: () => Promise<Uint8Array>
    chosen?: string
    writeFile?: () => Promise<void>
  } = {}
) {
  const showSaveDialog = vi.fn(async (dialog: SaveDialogOptions) =>
    overrides.chosen === ''
      ? { canceled: true }
      : { canceled: false, filePath: overrides.chosen ?? dialog.defaultPath }
  )
  const writeFile = vi.fn(overrides.writeFile ?? (async () => undefined))
  const printToPdf = vi.fn(overrides.printToPdf ?? (async () => pdf))
  const save = createFileSaver({
    showSaveDialog,
    writeFile,
    folder: (name) => `/home/user/${name === 'documents' ? 'Documents' : 'Downloads'}`,
    logger: silentLogger
  })
  return { showSaveDialog, writeFile, printToPdf, save }
}

describe('report exporter', () => {
  it('asks where to save with the suggested name in Documents, prints, and writes the PDF there', async () => {
    const d = deps()
    const result = await createReportExporter(d)(request('market-report-yaba.pdf'))
    expect(d.showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Save location report',
        defaultPath: '/home/user/Documents/market-report-yaba.pdf',
        filters: [{ name: 'PDF', extensions: ['pdf'] }]
      })
    )
    expect(d.writeFile).toHaveBeenCalledWith('/home/user/Documents/market-report-yaba.pdf', pdf)
    expect(result).toEqual({
      ok: true,
      data: { saved: true, fileName: 'market-report-yaba.pdf', bytes: pdf.byteLength }
    })
  })

  it('neither prints nor writes when the user cancels the dialog', async () => {
    const d = deps({ chosen: '' })
    const result = await createReportExporter(d)(request('r.pdf'))
    expect(result).toEqual({ ok: true, data: { saved: false } })
    expect(d.printToPdf).not.toHaveBeenCalled()
    expect(d.writeFile).not.toHaveBeenCalled()
  })

  it('answers a typed failure naming the cause when printing or writing fails', async () => {
    const noPrint = await createReportExporter(
      deps({ printToPdf: async () => Promise.reject(new Error('gpu')) })
    )(request('r.pdf'))
    expect(noPrint.ok).toBe(false)
    if (!noPrint.ok) expect(noPrint.error.message).toContain('could not be printed')

    const full = await createReportExporter(
      deps({
        writeFile: async () => Promise.reject(Object.assign(new Error('x'), { code: 'ENOSPC' }))
      })
    )(request('r.pdf'))
    expect(full.ok).toBe(false)
    if (!full.ok) {
      expect(full.error.code).toBe('INTERNAL')
      expect(full.error.message).toBe(
        'The report could not be saved (the disk is full). Export again and choose another folder.'
      )
    }
  })

  it('refuses a PDF larger than the save cap without writing it', async () => {
    const d = deps({ printToPdf: async () => new Uint8Array(MAX_SAVED_FILE_BYTES + 1) })
    const result = await createReportExporter(d)(request('r.pdf'))
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } })
    expect(d.writeFile).not.toHaveBeenCalled()
  })
})

describe('the PDF options main passes to printToPDF', () => {
  it('prints on the chosen paper with a footer holding the footer text and page n of m', async () => {
    const printToPdf = vi.fn(async (_options: ReportPdfOptions) => pdf)
    await createReportExporter({ ...deps(), printToPdf })({
      suggestedName: 'r.pdf',
      paper: 'Letter',
      footer: 'Source: your service · As of 26 Nov 2026 <b>&</b>'
    })
    const options = printToPdf.mock.calls[0]?.[0]
    expect(options).toMatchObject({
      pageSize: 'Letter',
      printBackground: true,
      displayHeaderFooter: true
    })
    expect(options?.footerTemplate).toBe(
      reportFooterTemplate('Source: your service · As of 26 Nov 2026 <b>&</b>')
    )
  })
})

describe('export report without a window (browser harness, CLI)', () => {
  it('answers NOT_CONFIGURED, which the renderer turns into the browser print dialog', async () => {
    const { createHandlers } = await import('../handlers/create-handlers')
    const { ERRORS } = await import('@shared/errors/catalogue')
    const handlers = createHandlers({
      settings: {} as never,
      vault: {} as never,
      connection: {} as never
    })
    const result = await handlers.exportReport(request('r.pdf'))
    expect(result).toEqual({ ok: false, error: ERRORS.reportUnavailable() })
    expect(ERRORS.reportUnavailable().code).toBe('NOT_CONFIGURED')
  })
})

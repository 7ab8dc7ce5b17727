import { describe, expect, it, vi } from 'vitest'
import { createReportExporter } from './export-report'

const pdf = new TextEncoder().encode('%PDF-1.4 report')

function deps(overrides: Partial<Parameters<typeof createReportExporter>[0]> = {}) {
  return {
    printToPdf: vi.fn(async () => pdf),
    chooseSavePath: vi.fn(async (name: string) => `/home/user/Documents/${name}`),
    writeFile: vi.fn(async () => undefined),
    ...overrides
  }
}

describe('report exporter', () => {
  it('asks where to save with the suggested name, prints, and writes the PDF there', async () => {
    const d = deps()
    const result = await createReportExporter(d)({ suggestedName: 'market-report-yaba.pdf' })
    expect(d.chooseSavePath).toHaveBeenCalledWith('market-report-yaba.pdf')
    expect(d.writeFile).toHaveBeenCalledWith('/home/user/Documents/market-report-yaba.pdf', pdf)
    expect(result).toEqual({
      ok: true,
      data: { saved: true, fileName: 'market-report-yaba.pdf', bytes: pdf.byteLength }
    })
  })

  it('neither prints nor writes when the user cancels the dialog', async () => {
    const d = deps({ chooseSavePath: vi.fn(async () => undefined) })
    const result = await createReportExporter(d)({ suggestedName: 'r.pdf' })
    expect(result).toEqual({ ok: true, data: { saved: false } })
    expect(d.printToPdf).not.toHaveBeenCalled()
    expect(d.writeFile).not.toHaveBeenCalled()
  })

  it('answers a typed failure naming the cause when printing or writing fails', async () => {
    const noPrint = await createReportExporter(
      deps({ printToPdf: vi.fn(async () => Promise.reject(new Error('gpu'))) })
    )({ suggestedName: 'r.pdf' })
    expect(noPrint.ok).toBe(false)
    if (!noPrint.ok) expect(noPrint.error.message).toContain('could not be printed')

    const full = await createReportExporter(
      deps({
        writeFile: vi.fn(async () =>
          Promise.reject(Object.assign(new Error('x'), { code: 'ENOSPC' }))
        )
      })
    )({ suggestedName: 'r.pdf' })
    expect(full.ok).toBe(false)
    if (!full.ok) {
      expect(full.error.code).toBe('INTERNAL')
      expect(full.error.message).toBe('The report could not be saved: the disk is full.')
    }
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
    const result = await handlers.exportReport({ suggestedName: 'r.pdf' })
    expect(result).toEqual({ ok: false, error: ERRORS.reportUnavailable() })
    expect(ERRORS.reportUnavailable().code).toBe('NOT_CONFIGURED')
  })
})

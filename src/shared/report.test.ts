import { describe, expect, it } from 'vitest'
import { ExportReportInput, reportFileName } from './report'

describe('report file names', () => {
  it('builds a safe name from a slug and a day', () => {
    expect(reportFileName('lekki-phase-1', '2026-11-23')).toBe(
      'market-report-lekki-phase-1-2026-11-23.pdf'
    )
    expect(reportFileName('../../etc', '2026-11-23')).toBe('market-report-etc-2026-11-23.pdf')
  })

  it('accepts a plain .pdf name and refuses folders, other types and control characters', () => {
    expect(ExportReportInput.safeParse({ suggestedName: 'report.pdf' }).success).toBe(true)
    for (const suggestedName of ['../x.pdf', 'C:\\x.pdf', 'x.exe', 'a\nb.pdf', '.pdf']) {
      expect(ExportReportInput.safeParse({ suggestedName }).success, suggestedName).toBe(false)
    }
    expect(ExportReportInput.safeParse({ suggestedName: 'r.pdf', path: '/tmp' }).success).toBe(
      false
    )
  })
})

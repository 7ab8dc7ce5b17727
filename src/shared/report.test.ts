import { describe, expect, it } from 'vitest'
import { ExportReportInput, reportFileName, reportFooterTemplate } from './report'

describe('report file names', () => {
  it('builds a safe name from a slug and a day', () => {
    expect(reportFileName('lekki-phase-1', '2026-11-23')).toBe(
      'market-report-lekki-phase-1-2026-11-23.pdf'
    )
    expect(reportFileName('../../etc', '2026-11-23')).toBe('market-report-etc-2026-11-23.pdf')
  })

  it('accepts a plain .pdf name and refuses folders, other types and control characters', () => {
    const request = { suggestedName: 'report.pdf', paper: 'A4', footer: 'Ikoyi' }
    expect(ExportReportInput.safeParse(request).success).toBe(true)
    for (const suggestedName of ['../x.pdf', 'C:\\x.pdf', 'x.exe', 'a\nb.pdf', '.pdf']) {
      expect(
        ExportReportInput.safeParse({ ...request, suggestedName }).success,
        suggestedName
      ).toBe(false)
    }
    expect(ExportReportInput.safeParse({ ...request, path: '/tmp' }).success).toBe(false)
  })

  it('takes A4 or Letter and a one-line footer of at most 300 characters', () => {
    const request = { suggestedName: 'r.pdf', paper: 'Letter', footer: 'Source: your service' }
    expect(ExportReportInput.safeParse(request).success).toBe(true)
    for (const bad of [
      { paper: 'A3' },
      { paper: undefined },
      { footer: 'a\n<script>' },
      { footer: 'x'.repeat(301) }
    ]) {
      expect(ExportReportInput.safeParse({ ...request, ...bad }).success, JSON.stringify(bad)).toBe(
        false
      )
    }
  })
})

describe('the footer template printed on every page', () => {
  it('holds the footer text, escaped, and Chromium’s page number and total pages', () => {
    const template = reportFooterTemplate('Source: A & B <i>x</i>')
    expect(template).toContain('Source: A &#38; B &#60;i&#62;x&#60;/i&#62;')
    expect(template).not.toContain('<i>')
    expect(template).toMatch(
      /Page <span class="pageNumber"><\/span> of <span class="totalPages"><\/span>/
    )
  })
})

/**
 * Export report: print the window to PDF and save it where the user chooses. Electron-free: main
 * passes `webContents.printToPDF`, the save dialog and a file writer, so this runs under test.
 */
import { basename } from 'node:path'
import { ERRORS } from '@shared/errors/catalogue'
import { failure, ok } from '@shared/result'
import type { Result } from '@shared/result'
import { reportFooterTemplate } from '@shared/report'
import type { ExportReportRequest, ReportSaved } from '@shared/report'
import { writeProblem } from '../save-dialog/save-file'

export interface ReportExportDeps {
  /** The window's page printed with its print stylesheet (webContents.printToPDF). */
  printToPdf(options: ReportPdfOptions): Promise<Uint8Array>
  /** The save dialog: the chosen path, or undefined when the user cancelled. */
  chooseSavePath(suggestedName: string): Promise<string | undefined>
  writeFile(path: string, bytes: Uint8Array): Promise<void>
}

export type ReportExporter = (input: ExportReportRequest) => Promise<Result<ReportSaved>>

/**
 * Electron's printToPDF options for a report: the chosen paper (the stylesheet sets no page size,
 * only its margins), and a footer on every page with the source, as-of and page numbers.
 */
export function reportPdfOptions(input: ExportReportRequest) {
  return {
    printBackground: true,
    pageSize: input.paper,
    displayHeaderFooter: true,
    headerTemplate: '<span></span>',
    footerTemplate: reportFooterTemplate(input.footer)
  }
}
export type ReportPdfOptions = ReturnType<typeof reportPdfOptions>

export function createReportExporter(deps: ReportExportDeps): ReportExporter {
  return async (input) => {
    const path = await deps.chooseSavePath(input.suggestedName)
    if (!path) return ok({ saved: false })
    let bytes: Uint8Array
    try {
      bytes = await deps.printToPdf(reportPdfOptions(input))
    } catch {
      return failure(ERRORS.reportNotSaved('the page could not be printed to PDF'))
    }
    try {
      await deps.writeFile(path, bytes)
    } catch (error) {
      return failure(ERRORS.reportNotSaved(writeProblem(error)))
    }
    return ok({ saved: true, fileName: basename(path), bytes: bytes.byteLength })
  }
}

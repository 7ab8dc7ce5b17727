/**
 * Export report: the window printed to PDF, saved where the user chooses by main's one save path.
 * Electron-free: main passes `webContents.printToPDF` and its file saver, so this runs under test.
 */
import type { Result } from '@shared/result'
import { reportFooterTemplate } from '@shared/report'
import type { ExportReportRequest, ReportSaved } from '@shared/report'
import type { FileSaver } from '../save-dialog/save-file'

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

/** Asks where to save first; the page is printed only once a place is chosen. */
export function createReportExporter(deps: {
  /** The window's page printed with its print stylesheet (webContents.printToPDF). */
  printToPdf(options: ReportPdfOptions): Promise<Uint8Array>
  save: FileSaver
}): ReportExporter {
  return (input) =>
    deps.save('pdf', input.suggestedName, () => deps.printToPdf(reportPdfOptions(input)))
}

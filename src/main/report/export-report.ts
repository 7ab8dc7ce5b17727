/**
 * Export report: print the window to PDF and save it where the user chooses. Electron-free: main
 * passes `webContents.printToPDF`, the save dialog and a file writer, so this runs under test.
 */
import { basename } from 'node:path'
import { ERRORS } from '@shared/errors/catalogue'
import { failure, ok } from '@shared/result'
import type { Result } from '@shared/result'
import type { ExportReportRequest, ReportSaved } from '@shared/report'
import { writeProblem } from '../save-dialog/save-file'

export interface ReportExportDeps {
  /** The window's page printed with its print stylesheet (webContents.printToPDF). */
  printToPdf(): Promise<Uint8Array>
  /** The save dialog: the chosen path, or undefined when the user cancelled. */
  chooseSavePath(suggestedName: string): Promise<string | undefined>
  writeFile(path: string, bytes: Uint8Array): Promise<void>
}

export type ReportExporter = (input: ExportReportRequest) => Promise<Result<ReportSaved>>

/** Electron's options for an A4 report with its own margins (the stylesheet sets @page). */
export const REPORT_PDF_OPTIONS = {
  printBackground: true,
  pageSize: 'A4',
  preferCSSPageSize: true
} as const

export function createReportExporter(deps: ReportExportDeps): ReportExporter {
  return async ({ suggestedName }) => {
    const path = await deps.chooseSavePath(suggestedName)
    if (!path) return ok({ saved: false })
    let bytes: Uint8Array
    try {
      bytes = await deps.printToPdf()
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

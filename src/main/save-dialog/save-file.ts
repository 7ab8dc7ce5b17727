/**
 * The one way main saves a file the user asked for (a CSV, a chart's PNG, the PDF report): the
 * native save dialog, the size cap, the write, and the words for a failure. The chosen path never
 * leaves main (replies name the file, never its folder), and no error message names it.
 */
import { basename, extname, join } from 'node:path'
import type { SaveDialogOptions } from 'electron'
import { MAX_SAVED_FILE_BYTES, SaveFileInputSchema } from '@shared/desktop'
import type { SaveFileKind, SaveFileOutput } from '@shared/desktop'
import { ERRORS } from '@shared/errors/catalogue'
import { failure, ok } from '@shared/result'
import type { Result } from '@shared/result'
import { reportFooterTemplate } from '@shared/report'
import type { ExportReportRequest, ReportSaved } from '@shared/report'
import { invalidInput } from '../ipc/registry'
import { writeProblem } from '../logging/logger'
import type { AppLogger } from '../logging/logger'

export type SavedKind = SaveFileKind | 'pdf'

const DIALOGS: Record<
  SavedKind,
  { title: string; filter: string; folder: 'downloads' | 'documents'; what: string }
> = {
  csv: { title: 'Export table as CSV', filter: 'CSV table', folder: 'downloads', what: 'CSV file' },
  png: { title: 'Export chart as PNG', filter: 'PNG image', folder: 'downloads', what: 'PNG file' },
  pdf: { title: 'Save location report', filter: 'PDF', folder: 'documents', what: 'report' }
}

/**
 * Asks where to save `suggestedName`, then makes the bytes (`content`: the page's bytes, or the
 * window printed to PDF, only once a place is chosen) and writes them there.
 */
export type FileSaver = (
  kind: SavedKind,
  suggestedName: string,
  content: () => Promise<Uint8Array>
) => Promise<Result<ReportSaved>>

export function createFileSaver(deps: {
  /** Electron's dialog.showSaveDialog. */
  showSaveDialog(request: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string }>
  writeFile(path: string, bytes: Uint8Array): Promise<void>
  /** Where the dialog opens: the user's Downloads folder for exports, Documents for reports. */
  folder(name: 'downloads' | 'documents'): string
  logger: AppLogger
}): FileSaver {
  return async (kind, suggestedName, content) => {
    const dialog = DIALOGS[kind]
    const choice = await deps.showSaveDialog({
      title: dialog.title,
      defaultPath: join(deps.folder(dialog.folder), suggestedName),
      filters: [{ name: dialog.filter, extensions: [kind] }],
      properties: ['createDirectory', 'showOverwriteConfirmation']
    })
    if (choice.canceled || !choice.filePath) return ok({ saved: false })
    // Linux dialogs may return a name without the extension the filter asked for.
    const path = extname(choice.filePath) ? choice.filePath : `${choice.filePath}.${kind}`
    const notSaved = (problem: string) => {
      deps.logger.warn('file could not be saved', { kind, problem })
      return failure(ERRORS.fileNotSaved(dialog.what, problem))
    }
    let bytes: Uint8Array
    try {
      bytes = await content()
    } catch {
      return notSaved('the page could not be printed to PDF')
    }
    if (bytes.byteLength > MAX_SAVED_FILE_BYTES) return notSaved('it is larger than 32 MiB')
    try {
      await deps.writeFile(path, bytes)
    } catch (error) {
      return notSaved(writeProblem(error).why)
    }
    return ok({ saved: true, fileName: basename(path), bytes: bytes.byteLength })
  }
}

/** The page's export (validated, capped before any dialog), saved by `save`; replies { saved }. */
export function createSaveFileHandler(
  save: FileSaver
): (input: unknown) => Promise<Result<SaveFileOutput>> {
  return async (input) => {
    const parsed = SaveFileInputSchema.safeParse(input)
    if (!parsed.success) return invalidInput(parsed.error.issues)
    const { kind, suggestedName, bytes } = parsed.data
    const result = await save(kind, suggestedName, async () => bytes)
    return result.ok ? ok({ saved: result.data.saved }) : result
  }
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

/**
 * The report: the window's page printed to PDF (webContents.printToPDF, passed in so this runs
 * under test), only once a place is chosen.
 */
export function createReportExporter(deps: {
  printToPdf(options: ReportPdfOptions): Promise<Uint8Array>
  save: FileSaver
}): ReportExporter {
  return (input) =>
    deps.save('pdf', input.suggestedName, () => deps.printToPdf(reportPdfOptions(input)))
}

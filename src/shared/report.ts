/** Saving a location report as PDF: what the renderer asks and what main answers. */
import { z } from 'zod'
import { lineOfText } from './validation'

/** A file name only (no folder): the user picks the folder in the save dialog. */
export const ReportFileNameSchema = z
  .string()
  .trim()
  .min(5)
  .max(120)
  .regex(/^[^/\\:*?"<>|]+\.pdf$/i, 'a file name ending in .pdf, without folders')
  .refine((name) => [...name].every((char) => char.charCodeAt(0) >= 0x20), 'no control characters')

export const PAPER_SIZES = ['A4', 'Letter'] as const
export type PaperSize = (typeof PAPER_SIZES)[number]

export const REPORT_FOOTER_MAX = 300

export const ExportReportInput = z.strictObject({
  suggestedName: ReportFileNameSchema,
  paper: z.enum(PAPER_SIZES),
  /** Printed at the foot of every page beside its number: source, as-of and the demo mark. */
  footer: lineOfText(REPORT_FOOTER_MAX)
})
export type ExportReportRequest = z.infer<typeof ExportReportInput>

export interface ReportSaved {
  /** false: the user closed the save dialog. */
  saved: boolean
  /** The saved file's name (not its folder), when saved. */
  fileName?: string
  bytes?: number
}

/** `market-report-lekki-phase-1-2026-11-23.pdf`: safe for every file system. */
export function reportFileName(slug: string, day: string): string {
  const safe =
    slug
      .replace(/[^a-z0-9-]+/gi, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'location'
  return `market-report-${safe}-${day}.pdf`
}

/**
 * The footer Chromium prints on every page (printToPDF's footerTemplate): the footer text and
 * "Page n of m" from Chromium's pageNumber and totalPages fields. The template is its own
 * document, so it carries its own font size and colour.
 */
export function reportFooterTemplate(footer: string): string {
  // Each character HTML gives a meaning to, as its numeric character reference (& is &#38;).
  const text = footer.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
  return `<div style="font: 8px Arial, sans-serif; color: #3d434d; width: 100%; margin: 0 12mm; display: flex; justify-content: space-between; gap: 12px"><span>${text}</span><span style="white-space: nowrap">Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`
}

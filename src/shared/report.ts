/** Saving a location report as PDF: what the renderer asks and what main answers. */
import { z } from 'zod'

/** A file name only (no folder): the user picks the folder in the save dialog. */
export const ReportFileNameSchema = z
  .string()
  .trim()
  .min(5)
  .max(120)
  .regex(/^[^/\\:*?"<>|]+\.pdf$/i, 'a file name ending in .pdf, without folders')
  .refine((name) => [...name].every((char) => char.charCodeAt(0) >= 0x20), 'no control characters')

export const ExportReportInput = z.object({ suggestedName: ReportFileNameSchema }).strict()
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

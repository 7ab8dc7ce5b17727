/**
 * A PDF's pages as poppler-utils reads them (package poppler-utils; .ci/run installs it): page
 * count and size (pdfinfo), each page's text (pdftotext) and each page rendered to PNG (pdftoppm)
 * for a person to look at.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

export interface PdfPages {
  /** pdfinfo's "Page size", e.g. "595.92 x 842.88 pts (A4)". */
  size: string
  /** Each page's text, in reading order. */
  texts: string[]
  /** The PNG of each page, in page order. */
  pngs: string[]
}

const run = (tool: string, args: string[]): string =>
  execFileSync(tool, args, { encoding: 'utf8', timeout: 60_000, maxBuffer: 16 * 1024 * 1024 })

/** Reads `pdf` and renders its pages as `<pngPrefix>-<n>.png` (70 dpi). */
export function readPdfPages(pdf: string, pngPrefix: string): PdfPages {
  const info = run('pdfinfo', [pdf])
  const count = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0)
  const size = /^Page size:\s+(.+)$/m.exec(info)?.[1]?.trim() ?? ''
  const texts = Array.from({ length: count }, (_, index) =>
    run('pdftotext', ['-f', String(index + 1), '-l', String(index + 1), pdf, '-'])
  )
  const folder = dirname(pngPrefix)
  const name = basename(pngPrefix)
  const ours = (file: string) => file.startsWith(`${name}-`) && /-\d+\.png$/.test(file)
  mkdirSync(folder, { recursive: true })
  // An earlier run's pages go first: a shorter report must not look longer.
  for (const file of readdirSync(folder).filter(ours)) rmSync(join(folder, file))
  run('pdftoppm', ['-r', '70', '-png', pdf, pngPrefix])
  const pngs = readdirSync(folder)
    .filter(ours)
    .sort((a, b) => Number(/-(\d+)\.png$/.exec(a)?.[1]) - Number(/-(\d+)\.png$/.exec(b)?.[1]))
    .map((file) => join(folder, file))
  return { size, texts, pngs }
}

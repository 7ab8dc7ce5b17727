import type { BrowserContext, Download, Locator } from '@playwright/test'
import { readFileSync } from 'node:fs'

const PNG_SIGNATURE = '89504e470d0a1a0a'

/** Width and height from a PNG's IHDR chunk (the first chunk after the signature). */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.subarray(0, 8).toString('hex') !== PNG_SIGNATURE) throw new Error('not a PNG file')
  if (png.subarray(12, 16).toString('latin1') !== 'IHDR') throw new Error('PNG without IHDR')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

export interface PngContent {
  width: number
  height: number
  /** Distinct RGB colours among all pixels. */
  colours: number
  /** Share of pixels that differ from the top-left (background) pixel. */
  inked: number
  /** Which of the asked-for colours (#rrggbb) appear as exact pixels. */
  found: string[]
}

/**
 * Decodes a PNG in a blank page of the same browser (no app CSP there) and counts its colours,
 * to tell a real chart from a blank or a tiny icon.
 */
export async function pngContent(
  context: BrowserContext,
  png: Buffer,
  lookFor: readonly string[]
): Promise<PngContent> {
  const page = await context.newPage()
  try {
    return await page.evaluate(
      async ({ base64, wanted }) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
        const context2d = canvas.getContext('2d')
        if (!context2d) throw new Error('no 2d context')
        context2d.drawImage(bitmap, 0, 0)
        const { data } = context2d.getImageData(0, 0, bitmap.width, bitmap.height)
        const hex = (i: number) =>
          '#' +
          [data[i], data[i + 1], data[i + 2]]
            .map((v) => (v ?? 0).toString(16).padStart(2, '0'))
            .join('')
        const background = hex(0)
        const colours = new Set<string>()
        let inked = 0
        for (let i = 0; i < data.length; i += 4) {
          const colour = hex(i)
          colours.add(colour)
          if (colour !== background) inked += 1
        }
        return {
          width: bitmap.width,
          height: bitmap.height,
          colours: colours.size,
          inked: inked / (data.length / 4),
          found: wanted.filter((colour) => colours.has(colour.toLowerCase()))
        }
      },
      { base64: png.toString('base64'), wanted: [...lookFor] }
    )
  } finally {
    await page.close()
  }
}

/** Clicks a chart's PNG button and returns the download and its bytes. */
export async function exportChartPng(
  chart: Locator
): Promise<{ download: Download; png: Buffer; surface: { width: number; height: number } }> {
  const surface = await chart
    .locator('.recharts-wrapper > svg.recharts-surface')
    .evaluate((svg) => {
      const box = svg.getBoundingClientRect()
      return { width: Math.round(box.width), height: Math.round(box.height) }
    })
  const [download] = await Promise.all([
    chart.page().waitForEvent('download'),
    chart.getByRole('button', { name: /^Export chart ".*" as PNG$/ }).click()
  ])
  return { download, png: readFileSync(await download.path()), surface }
}

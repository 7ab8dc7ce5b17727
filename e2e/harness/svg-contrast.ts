/**
 * axe leaves SVG alone, so chart axis labels (text, 4.5:1) and series marks (graphics, 3:1) are
 * measured here against the background they are drawn on (WCAG 2.2 AA, 1.4.3 and 1.4.11).
 */
import type { Page } from '@playwright/test'

/** One line per chart element below its minimum contrast; empty when all pass. */
export async function chartContrastFailures(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rgb = (color: string): number[] | undefined => {
      const parts = color.match(/[\d.]+/g)?.map(Number)
      if (!parts || parts.length < 3) return undefined
      if (parts.length === 4 && parts[3] === 0) return undefined
      return parts.slice(0, 3)
    }
    const luminance = (channels: number[]) => {
      const [r = 0, g = 0, b = 0] = channels.map((value) => {
        const c = value / 255
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
    const ratio = (a: number[], b: number[]) => {
      const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x)
      return ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05)
    }
    const backgroundOf = (element: Element): number[] => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const background = rgb(getComputedStyle(node).backgroundColor)
        if (background) return background
      }
      return [255, 255, 255]
    }
    const failures: string[] = []
    const check = (selector: string, property: 'fill' | 'stroke', minimum: number) => {
      for (const element of document.querySelectorAll(selector)) {
        const color = rgb(getComputedStyle(element)[property])
        if (!color) continue
        const measured = ratio(color, backgroundOf(element))
        if (measured < minimum) {
          const chart = element.closest('[data-testid]')?.getAttribute('data-testid') ?? '?'
          failures.push(`${chart} ${selector}: ${measured.toFixed(2)} < ${minimum}`)
        }
      }
    }
    check('.recharts-cartesian-axis-tick-value', 'fill', 4.5)
    check('.recharts-line-curve', 'stroke', 3)
    check('.recharts-bar-rectangle path', 'fill', 3)
    check('.recharts-scatter-symbol path', 'fill', 3)
    return [...new Set(failures)]
  })
}

/**
 * Text drawn into an exported chart: long text is cut before it is measured and fitted with a
 * binary search (a few measurements, not one per character), and control and bidi characters
 * never reach the SVG (one U+0001 made the image fail to load).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { buildExportSvg, chartFileName } from './chart-export'

const SVG_NS = 'http://www.w3.org/2000/svg'
/** Lengths of the strings measured, in order. */
let measured: number[] = []

class MeasuringCanvas {
  getContext() {
    return {
      font: '',
      measureText: (text: string) => {
        measured.push(text.length)
        return { width: text.length * 6 }
      }
    }
  }
}
Object.assign(globalThis, { OffscreenCanvas: MeasuringCanvas })
afterEach(() => {
  measured = []
})

function chartSvg(text = '') {
  const chart = document.createElementNS(SVG_NS, 'svg')
  chart.setAttribute('class', 'recharts-surface')
  chart.setAttribute('width', '600')
  chart.setAttribute('height', '300')
  chart.innerHTML = `<text x="1" y="1">${text}</text>`
  return chart
}

const OPTIONS = { title: 'Growth', background: '#ffffff', textColor: '#111111' }

const texts = (markup: string) =>
  [
    ...new DOMParser()
      .parseFromString(markup, 'image/svg+xml')
      .documentElement.querySelectorAll('text')
  ].map((t) => t.textContent ?? '')

describe('fitting long text', () => {
  it('fits a 20,000-character name with a few short measurements', () => {
    const name = 'Lekki Phase 1 '.repeat(1_500).slice(0, 20_000)
    const { markup } = buildExportSvg(chartSvg(), { ...OPTIONS, context: name })
    const line = texts(markup).find((text) => text.startsWith('Lekki'))
    // 600 px wide, 16 px padding each side, 6 px a character: 94 characters and the ellipsis.
    expect(line?.endsWith('…')).toBe(true)
    expect((line?.length ?? 0) * 6).toBeLessThanOrEqual(600 - 32)
    expect(((line?.length ?? 0) + 2) * 6).toBeGreaterThan(600 - 32)
    const forContext = measured.filter((length) => length > 10)
    expect(forContext.length).toBeLessThanOrEqual(2 + Math.ceil(Math.log2(20_000)))
    expect(Math.max(...forContext)).toBeLessThan(1_000)
  })

  it('keeps short text whole with one measurement', () => {
    buildExportSvg(chartSvg(), { ...OPTIONS, title: 'Growth by bed type' })
    expect(measured.filter((length) => length === 'Growth by bed type'.length)).toHaveLength(1)
  })

  it('names the file within a length any file system accepts', () => {
    const name = chartFileName(['x'.repeat(20_000), 'NG', 'Growth'], '2026-11-23T10:00:00Z')
    expect(name.length).toBeLessThanOrEqual(160)
    expect(name).toMatch(/^market-x+-ng-growth-2026-11-2\d\.png$/)
  })
})

describe('control characters', () => {
  it('never reach the SVG, from the header or from the chart itself', () => {
    const hostile = 'Ikoyi \u0001\u202E1 esahP ikkeL\u001b'
    const { markup } = buildExportSvg(chartSvg(hostile), {
      ...OPTIONS,
      title: hostile,
      context: hostile,
      legend: [{ label: hostile, color: '#123456' }]
    })
    // eslint-disable-next-line no-control-regex -- what must not be there
    expect(markup).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u202a-\u202e]/)
    const root = new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement
    expect(root.querySelector('parsererror')).toBeNull()
    expect(texts(markup).filter((text) => text.startsWith('Ikoyi \ufffd\ufffd1'))).toHaveLength(4)
  })
})

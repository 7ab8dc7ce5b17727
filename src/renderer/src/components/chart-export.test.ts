import { describe, expect, it } from 'vitest'
import { buildExportSvg, chartFileName, exportScale, findChartSurface } from './chart-export'

const SVG_NS = 'http://www.w3.org/2000/svg'

function chartSvg(width: number, height: number) {
  const chart = document.createElementNS(SVG_NS, 'svg')
  chart.setAttribute('class', 'recharts-surface')
  chart.setAttribute('width', String(width))
  chart.setAttribute('height', String(height))
  chart.setAttribute('xmlns', SVG_NS)
  chart.innerHTML = '<rect width="10" height="20" fill="#4f5bd5"/>'
  return chart
}

const OPTIONS = {
  title: 'Growth by bed type',
  subtitle: 'Derived',
  context: 'Lekki Phase 1, Lagos · Residential · Sale · 3 bed',
  asOf: 'Nov 23, 2026, 11:28 AM',
  demo: true,
  notShown: ['5 bed (no data)'],
  legend: [{ label: 'Rent', color: '#123456' }],
  background: '#ffffff',
  textColor: '#111111',
  mutedColor: '#666666'
}

const texts = (markup: string) =>
  [
    ...new DOMParser()
      .parseFromString(markup, 'image/svg+xml')
      .documentElement.querySelectorAll('text')
  ].map((t) => t.textContent ?? '')

describe('findChartSurface', () => {
  it("picks the chart's own surface, not a legend icon drawn before it", () => {
    const body = document.createElement('div')
    body.innerHTML = `<div class="recharts-wrapper">
      <div class="recharts-legend-wrapper"><ul><li>
        <svg class="recharts-surface" width="14" height="14"></svg>Rent</li></ul></div>
    </div>`
    const main = chartSvg(540, 240)
    body.querySelector('.recharts-wrapper')?.append(main)
    expect(findChartSurface(body)).toBe(main)
  })

  it('finds nothing in an empty chart', () => {
    expect(findChartSurface(document.createElement('div'))).toBeNull()
  })
})

describe('buildExportSvg', () => {
  it('puts title, what it shows, as-of date and a demo mark above the chart', () => {
    const { markup, width, height, chartTop } = buildExportSvg(chartSvg(400, 200), OPTIONS)
    expect(width).toBe(400)
    expect(height).toBe(200 + chartTop)
    const root = new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement
    expect(root.namespaceURI).toBe(SVG_NS)
    expect(markup).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(root.querySelector('rect')?.getAttribute('fill')).toBe('#ffffff')
    const lines = texts(markup)
    expect(lines).toContain('Growth by bed type')
    expect(lines).toContain('Lekki Phase 1, Lagos · Residential · Sale · 3 bed')
    expect(lines.some((line) => line.includes('As of Nov 23, 2026, 11:28 AM'))).toBe(true)
    expect(lines.some((line) => line.includes('Derived'))).toBe(true)
    expect(lines).toContain('Demo data')
    expect(lines).toContain('Not shown: 5 bed (no data)')
    expect(lines).toContain('Rent')
    expect(root.querySelector('svg')?.getAttribute('y')).toBe(String(chartTop))
    expect(markup).toContain('fill="#4f5bd5"')
  })

  it('has no demo mark for figures from your own service', () => {
    const { markup } = buildExportSvg(chartSvg(400, 200), { ...OPTIONS, demo: false })
    expect(texts(markup)).not.toContain('Demo data')
  })

  it('wraps a legend too wide for one row', () => {
    const legend = ['Lekki Phase 1', 'Ikoyi', 'Maitama', 'Yaba', 'GRA Phase 2', 'Victoria Island']
    const { markup } = buildExportSvg(chartSvg(300, 200), {
      ...OPTIONS,
      legend: legend.map((label) => ({ label, color: '#123456' }))
    })
    const root = new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement
    const swatches = [...root.querySelectorAll('rect[fill="#123456"]')]
    expect(swatches).toHaveLength(6)
    const rows = new Set(swatches.map((rect) => rect.getAttribute('y')))
    expect(rows.size).toBeGreaterThan(1)
    for (const rect of swatches) expect(Number(rect.getAttribute('x'))).toBeLessThan(300 - 16)
  })

  it('shortens a line that would not fit the width', () => {
    const context = 'A very long description of what this chart shows '.repeat(6)
    const { markup } = buildExportSvg(chartSvg(300, 200), { ...OPTIONS, context })
    const line = texts(markup).find((text) => text.startsWith('A very long'))
    expect(line?.endsWith('…')).toBe(true)
    expect(line?.length).toBeLessThan(context.length)
  })
})

describe('exportScale', () => {
  it('is the device pixel ratio, never below 2', () => {
    expect(exportScale(1)).toBe(2)
    expect(exportScale(2)).toBe(2)
    expect(exportScale(3)).toBe(3)
    expect(exportScale(Number.NaN)).toBe(2)
  })
})

describe('chartFileName', () => {
  it('says what the chart is, for which location and view, and the as-of day', () => {
    expect(
      chartFileName(['Lekki Phase 1', 'NG', 'Growth by bed type'], '2026-11-23T10:28:00.000Z')
    ).toMatch(/^market-lekki-phase-1-ng-growth-by-bed-type-2026-11-2\d\.png$/)
    expect(chartFileName(['Compare', 'Yield vs growth', 'Sale', '3 bed'], undefined)).toMatch(
      /^market-compare-yield-vs-growth-sale-3-bed-\d{4}-\d{2}-\d{2}\.png$/
    )
  })
})

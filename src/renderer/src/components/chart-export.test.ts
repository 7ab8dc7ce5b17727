import { describe, expect, it } from 'vitest'
import { buildExportSvg } from './chart-export'

describe('buildExportSvg', () => {
  it('wraps the chart in a standalone SVG with background, title and legend', () => {
    const chart = document.createElementNS('http://www.w3.org/2000/svg', 'svg')
    chart.setAttribute('width', '400')
    chart.setAttribute('height', '200')
    chart.setAttribute('xmlns', 'http://www.w3.org/2000/svg')
    chart.innerHTML = '<rect width="10" height="20" fill="#4f5bd5"/>'
    const { markup, width, height } = buildExportSvg(chart, {
      title: 'Growth by bed type',
      subtitle: 'Derived',
      legend: [{ label: 'Rent', color: '#123456' }],
      background: '#ffffff',
      textColor: '#111111'
    })
    expect(width).toBe(400)
    expect(height).toBe(256)
    const doc = new DOMParser().parseFromString(markup, 'image/svg+xml')
    const root = doc.documentElement
    expect(root.namespaceURI).toBe('http://www.w3.org/2000/svg')
    expect(markup).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(root.querySelector('rect')?.getAttribute('fill')).toBe('#ffffff')
    expect([...root.querySelectorAll('text')].map((t) => t.textContent)).toEqual([
      'Growth by bed type',
      'Derived',
      'Rent'
    ])
    expect(root.querySelector('svg')?.getAttribute('y')).toBe('56')
    expect(markup).toContain('fill="#4f5bd5"')
  })
})

import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LEKKI, renderApp } from '../../../../../test/support/renderer/render'

/** Fill of each bar of one series of the growth chart. */
function barFills(seriesIndex: number): string[] {
  const chart = screen.getByTestId('growth-chart')
  const series = chart.querySelectorAll('.recharts-bar-rectangles')[seriesIndex]
  return [...(series?.querySelectorAll('path') ?? [])].map(
    (path) => path.getAttribute('fill') ?? ''
  )
}

describe('location charts tell series apart without colour', () => {
  it('stripes the sale bars with a pattern drawn in the chart, and gives each path line its own marker', async () => {
    renderApp({ route: LEKKI })
    await screen.findByTestId('growth-chart', {}, { timeout: 15000 })
    await waitFor(() => expect(barFills(1).length).toBeGreaterThan(0), { timeout: 15000 })
    const rent = barFills(0)
    const sale = barFills(1)
    expect(rent.every((fill) => fill.startsWith('#') || fill.startsWith('rgb'))).toBe(true)
    const patternId = /^url\(#(.+)\)$/.exec(sale[0] ?? '')?.[1]
    expect(patternId).toBeTruthy()
    expect(sale.every((fill) => fill === sale[0])).toBe(true)
    const chart = screen.getByTestId('growth-chart')
    expect(chart.querySelector(`pattern[id="${patternId ?? ''}"]`)).not.toBeNull()

    const path = screen.getByTestId('price-path-chart')
    await waitFor(() => expect(path.querySelectorAll('.series-marker').length).toBeGreaterThan(0), {
      timeout: 15000
    })
    const shapes = new Set(
      [...path.querySelectorAll('.series-marker')].map((mark) =>
        [...mark.classList].find((name) => name.startsWith('series-marker-'))
      )
    )
    expect(shapes.size).toBeGreaterThanOrEqual(2)
  })
})

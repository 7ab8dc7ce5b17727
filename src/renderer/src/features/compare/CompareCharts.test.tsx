import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  COMPARE,
  refOf,
  seedCompare,
  waitForFigures
} from '../../../../../test/support/renderer/compare-seed'
import { createFakeMarket } from '../../../../../test/support/renderer/fake-market'
import { renderApp } from '../../../../../test/support/renderer/render'

/** Fill colour of each bar of the growth chart, in drawing order. */
function barFills(): string[] {
  const chart = screen.getByTestId('compare-growth-chart')
  return [...chart.querySelectorAll('.recharts-bar-rectangle path')].map(
    (path) => path.getAttribute('fill') ?? ''
  )
}

describe('Compare charts', () => {
  // Bars are drawn at once (no animation) when the system asks for reduced motion.
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduced-motion'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined
    }))
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('colours each location the same in every chart, and keeps it when another is removed', async () => {
    const user = userEvent.setup()
    seedCompare(refOf('lekki-phase-1'), refOf('ikoyi'), refOf('maitama'))
    renderApp({ route: COMPARE })
    await screen.findByTestId('compare-table')
    await waitForFigures('growth')
    await waitFor(() => expect(barFills()).toHaveLength(3))
    const [, ikoyi, maitama] = barFills()
    expect(new Set(barFills()).size).toBe(3)

    await user.click(screen.getByRole('button', { name: 'Remove Lekki Phase 1 from compare' }))
    await waitFor(() => expect(barFills()).toHaveLength(2))
    expect(barFills()).toEqual([ikoyi, maitama])
    const scatterFills = [
      ...screen
        .getByTestId('compare-scatter-chart')
        .querySelectorAll('.recharts-scatter-symbol path')
    ].map((path) => path.getAttribute('fill'))
    expect(scatterFills).toEqual([ikoyi, maitama])
  })

  it('says which locations a chart leaves out, and why', async () => {
    seedCompare(refOf('lekki-phase-1'), refOf('ikoyi'), refOf('maitama'))
    renderApp({
      market: createFakeMarket({ notFoundBeds: { maitama: ['3'] } }),
      route: COMPARE
    })
    await screen.findByTestId('compare-table')
    await waitFor(() => expect(barFills()).toHaveLength(2))
    for (const testId of ['compare-growth-chart', 'compare-scatter-chart']) {
      const chart = screen.getByTestId(testId)
      expect(within(chart).getByTestId('chart-not-shown')).toHaveTextContent(
        'Not shown: Maitama (no data)'
      )
    }
  })

  it('lets each scatter point be reached by keyboard, naming its location and figures, and labels it in text', async () => {
    const user = userEvent.setup()
    seedCompare(refOf('lekki-phase-1'), refOf('ikoyi'))
    renderApp({ route: COMPARE })
    await screen.findByTestId('compare-table')
    await waitForFigures('growth')
    const chart = screen.getByTestId('compare-scatter-chart')
    const points = await waitFor(() => {
      const found = within(chart).getAllByRole('img', { name: /gross yield/ })
      expect(found).toHaveLength(2)
      return found
    })
    expect(points[0]).toHaveAccessibleName(
      /^Lekki Phase 1: gross yield \d+(\.\d+)?%, growth [+-]?\d/
    )
    expect(points[1]).toHaveAccessibleName(/^Ikoyi: gross yield /)
    for (const point of points) expect(point).toHaveAttribute('tabindex', '0')
    points[0]?.focus()
    await user.tab()
    expect(points[1]).toHaveFocus()
    const labels = [...chart.querySelectorAll('.scatter-labels text')].map((t) => t.textContent)
    expect(labels).toEqual(['Lekki Phase 1', 'Ikoyi'])
  })
})

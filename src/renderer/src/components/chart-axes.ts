import type { ChartColors } from './chart-colors'

/** Shared axis/grid styling so every chart looks the same and exports with literal colours. */
export function axisProps(colors: ChartColors) {
  return {
    stroke: colors.grid,
    tick: { fill: colors.axis, fontSize: 11 },
    tickLine: false,
    axisLine: { stroke: colors.grid }
  } as const
}

/** The axis reaches down to zero, or lower when a value is below it. */
const zeroOrBelow = (dataMin: number) => Math.min(0, dataMin)

/**
 * Every numeric axis: ticks on round steps (1, 2, 2.5 or 5 × 10ⁿ: 0.5 %, 1 %, 1.5 %, never
 * 0.65 %, 1.3 %), the axis widened to the ticks around the data. Value axes start at zero (or
 * below, for a fall) on every screen; `fromZero: false` for a scatter's axis, which starts at a
 * round tick below its lowest point.
 */
export function roundTicks({ fromZero }: { fromZero: boolean } = { fromZero: true }) {
  return {
    type: 'number',
    niceTicks: 'snap125',
    domain: [fromZero ? zeroOrBelow : 'auto', 'auto']
  } as const
}

export function tooltipProps(colors: ChartColors) {
  return {
    contentStyle: { color: colors.text, fontSize: 12 },
    labelStyle: { color: colors.text, fontWeight: 600 },
    itemStyle: { color: colors.text }
  } as const
}

export const CHART_MARGIN = { top: 8, right: 16, bottom: 4, left: 8 } as const

/** Size used before the container is measured (and in tests, where nothing is measured). */
export const CHART_INITIAL_SIZE = { width: 560, height: 260 } as const

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

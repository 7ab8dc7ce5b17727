import { useMemo } from 'react'
import { useSettings } from '../data/use-settings'
import { useMediaQuery } from './media-query'
import { useReportMode } from './report-mode'

/** Where the CSS variables cannot be read (tests without styles). */
const FALLBACK = {
  rent: '#4f5bd5',
  sale: '#d9822b',
  grid: '#e6e8ec',
  axis: '#6b7280',
  text: '#16181d',
  surface: '#ffffff',
  palette: ['#4f5bd5', '#d9822b', '#16a37f', '#c2417a', '#2b8fd9', '#8a63d2', '#b38a00', '#4a9e3f']
}
export type ChartColors = typeof FALLBACK

/** Commas between colours, not those inside light-dark(…) or rgba(…). */
const LIST_COMMA = /,(?![^(]*\))/

/** Resolved once per scheme: each read forces a style recalculation, and screens have charts. */
const resolvedByScheme = new Map<string, ChartColors>()

/**
 * Chart colours resolved from the CSS variables of the current theme. Charts get literal colours
 * (not var(--x)) so an exported SVG/PNG looks the same outside the page. The variables hold
 * light-dark() pairs, so each is resolved as the page draws it: set as a hidden element's colour.
 */
export function useChartColors(): ChartColors {
  // The scheme in effect: light on a report's paper, else the theme setting, or the system's
  // when the setting is `system`.
  const setting = useSettings().data?.theme ?? 'system'
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)')
  const theme = setting === 'system' ? (systemDark ? 'dark' : 'light') : setting
  const scheme = useReportMode() === undefined ? theme : 'paper'
  return useMemo(() => {
    const known = resolvedByScheme.get(scheme)
    if (known) return known
    const probe = document.createElement('span')
    probe.hidden = true
    probe.style.forcedColorAdjust = 'none'
    document.body.append(probe)
    const resolve = (color: string, fallback: string): string => {
      probe.style.color = color
      const resolved = getComputedStyle(probe).color
      return resolved.startsWith('rgb') ? resolved : fallback
    }
    const palette = getComputedStyle(probe).getPropertyValue('--chart-palette').trim()
    const colors: ChartColors = {
      rent: resolve('var(--chart-rent)', FALLBACK.rent),
      sale: resolve('var(--chart-sale)', FALLBACK.sale),
      grid: resolve('var(--chart-grid)', FALLBACK.grid),
      axis: resolve('var(--chart-axis)', FALLBACK.axis),
      text: resolve('var(--text)', FALLBACK.text),
      surface: resolve('var(--surface)', FALLBACK.surface),
      palette: palette
        ? palette.split(LIST_COMMA).map((color) => resolve(color, FALLBACK.rent))
        : FALLBACK.palette
    }
    probe.remove()
    resolvedByScheme.set(scheme, colors)
    return colors
  }, [scheme])
}

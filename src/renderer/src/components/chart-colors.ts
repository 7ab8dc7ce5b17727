import { useMemo } from 'react'
import { useTheme } from './theme-context'

export interface ChartColors {
  rent: string
  sale: string
  grid: string
  axis: string
  text: string
  surface: string
  palette: string[]
}

const FALLBACK: ChartColors = {
  rent: '#4f5bd5',
  sale: '#d9822b',
  grid: '#e6e8ec',
  axis: '#6b7280',
  text: '#16181d',
  surface: '#ffffff',
  palette: ['#4f5bd5', '#d9822b', '#16a37f', '#c2417a', '#2b8fd9', '#8a63d2', '#b38a00', '#4a9e3f']
}

function readVar(style: CSSStyleDeclaration, name: string, fallback: string): string {
  return style.getPropertyValue(name).trim() || fallback
}

/**
 * Chart colours resolved from the CSS variables of the current theme. Charts get literal colours
 * (not var(--x)) so an exported SVG/PNG looks the same outside the page.
 */
export function useChartColors(): ChartColors {
  const theme = useTheme()
  return useMemo(() => {
    void theme // re-read the variables whenever the theme changes
    const style = getComputedStyle(document.documentElement)
    const palette = readVar(style, '--chart-palette', '')
      .split(',')
      .map((color) => color.trim())
      .filter(Boolean)
    return {
      rent: readVar(style, '--chart-rent', FALLBACK.rent),
      sale: readVar(style, '--chart-sale', FALLBACK.sale),
      grid: readVar(style, '--chart-grid', FALLBACK.grid),
      axis: readVar(style, '--chart-axis', FALLBACK.axis),
      text: readVar(style, '--text', FALLBACK.text),
      surface: readVar(style, '--surface', FALLBACK.surface),
      palette: palette.length > 0 ? palette : FALLBACK.palette
    }
  }, [theme])
}

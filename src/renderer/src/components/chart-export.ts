import { replaceHiddenControls } from '@shared/untrusted-text'
import { isoDay } from '../lib/format'

export interface ExportLegendItem {
  label: string
  color: string
}

interface ChartExportOptions {
  title: string
  subtitle?: string | undefined
  /** What the chart shows: location, sector, bed type, transaction type. */
  context?: string
  /** When the oldest figure in the chart was fetched, already formatted. */
  asOf?: string | undefined
  /** The figures are the bundled illustrative dataset: the image says so. */
  demo?: boolean
  /** Items the chart leaves out and why, e.g. "5 bed (no data)". */
  notShown?: readonly string[]
  legend?: readonly ExportLegendItem[]
  background: string
  textColor: string
  mutedColor?: string
}

const SVG_NS = 'http://www.w3.org/2000/svg'
const PAD = 16
const FONT = "system-ui, -apple-system, 'Segoe UI', Arial, sans-serif"
/** Average glyph width as a share of the font size, where text cannot be measured. */
const GLYPH_WIDTH = 0.56
/** No glyph is narrower than this share of the font size: beyond what could fit is not measured. */
const NARROWEST_GLYPH = 0.2
/** The demo mark keeps its own colours so it reads the same on light and dark exports. */
const DEMO_MARK = { fill: '#fbe9c2', stroke: '#c98a12', text: '#6b4300', label: 'Demo data' }

let measuring: OffscreenCanvasRenderingContext2D | null | undefined

/** Width of a line of text in the export's font (an estimate where canvas is unavailable). */
function textWidth(text: string, size: number, weight: number): number {
  if (measuring === undefined) {
    measuring =
      typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d')
  }
  if (!measuring) return text.length * size * GLYPH_WIDTH
  measuring.font = `${weight} ${size}px ${FONT}`
  return measuring.measureText(text).width
}

/**
 * The text with its control characters replaced, shortened with "…" if it would be wider than
 * `width`: cut to what could fit first, then the longest prefix that fits found by halving.
 */
function fitText(text: string, width: number, size: number, weight = 400): string {
  const visible = replaceHiddenControls(text)
  const cut = visible.slice(0, Math.ceil(width / (size * NARROWEST_GLYPH)) + 1)
  if (cut === visible && textWidth(visible, size, weight) <= width) return visible
  const shortened = (end: number) =>
    `${cut
      .slice(0, end)
      .replace(/[\ud800-\udbff]$/, '')
      .trimEnd()}…`
  let low = 1
  let high = cut.length
  while (low < high) {
    const middle = Math.ceil((low + high) / 2)
    if (textWidth(shortened(middle), size, weight) <= width) low = middle
    else high = middle - 1
  }
  return shortened(low)
}

/** An SVG element with `attributes`, and `text` inside when given. */
function svgElement(tag: 'rect' | 'text', attributes: Record<string, string | number>, text = '') {
  const element = document.createElementNS(SVG_NS, tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value))
  element.textContent = text
  return element
}

function svgText(x: number, y: number, text: string, size: number, color: string, weight = 400) {
  const attributes = { x, y, 'font-size': size, 'font-weight': weight, fill: color }
  return svgElement('text', attributes, text)
}

/**
 * The chart's own drawing surface: the wrapper's direct child (recharts also draws each legend
 * icon as a small `svg.recharts-surface`, inside the legend, sometimes before the chart).
 */
export function findChartSurface(container: Element): SVGSVGElement | null {
  return container.querySelector<SVGSVGElement>('.recharts-wrapper > svg.recharts-surface')
}

/**
 * A standalone SVG document of a chart: a copy of the chart's <svg> below a header with the
 * title, what the chart shows, the as-of date, a demo mark and the legend (recharts draws its
 * legend in HTML, outside the SVG).
 */
export function buildExportSvg(chart: SVGSVGElement, options: ChartExportOptions) {
  const box = chart.getBoundingClientRect()
  const width = Math.round(box.width || Number(chart.getAttribute('width')) || 640)
  const chartHeight = Math.round(box.height || Number(chart.getAttribute('height')) || 320)
  const muted = options.mutedColor ?? options.textColor
  const legend = options.legend ?? []
  const root = document.createElementNS(SVG_NS, 'svg')
  root.setAttribute('font-family', FONT)
  root.append(svgElement('rect', { width: '100%', height: '100%', fill: options.background }))

  const markWidth = options.demo ? Math.ceil(textWidth(DEMO_MARK.label, 11, 700)) + 24 : 0
  const lineWidth = width - 2 * PAD
  const title = fitText(options.title, lineWidth - markWidth - 8, 15, 600)
  root.append(svgText(PAD, 26, title, 15, options.textColor, 600))
  if (options.demo) {
    const x = width - PAD - markWidth
    const label = svgText(x + markWidth / 2, 26, DEMO_MARK.label, 11, DEMO_MARK.text, 700)
    label.setAttribute('text-anchor', 'middle')
    const { fill, stroke } = DEMO_MARK
    const box = { x, y: 12, width: markWidth, height: 20, rx: 10, fill, stroke }
    root.append(svgElement('rect', box), label)
  }
  let y = 26
  const line = (text: string, size: number, color: string) => {
    y += size + 6
    root.append(svgText(PAD, y, fitText(text, lineWidth, size), size, color))
  }
  if (options.context) line(options.context, 12, options.textColor)
  if (options.subtitle) line(options.subtitle, 11, muted)
  const about = [
    options.asOf ? `As of ${options.asOf}` : undefined,
    options.demo ? 'Demo data: illustrative figures, not real prices' : undefined
  ].filter(Boolean)
  if (about.length > 0) line(about.join(' · '), 11, muted)
  if (options.notShown?.length) line(`Not shown: ${options.notShown.join(', ')}`, 11, muted)
  if (legend.length > 0) {
    y += 20
    let x = PAD
    for (const item of legend) {
      const label = fitText(item.label, lineWidth - 14, 11)
      const itemWidth = 14 + textWidth(label, 11, 400) + 18
      if (x > PAD && x + itemWidth > width - PAD) {
        x = PAD
        y += 18
      }
      root.append(
        svgElement('rect', { x, y: y - 9, width: 10, height: 10, rx: 2, fill: item.color }),
        svgText(x + 14, y, label, 11, muted)
      )
      x += itemWidth
    }
  }
  const chartTop = y + 14
  const height = chartTop + chartHeight
  root.setAttribute('width', String(width))
  root.setAttribute('height', String(height))
  root.setAttribute('viewBox', `0 0 ${width} ${height}`)

  const copy = chart.cloneNode(true) as SVGSVGElement
  // The serializer writes the namespace itself; an explicit xmlns attribute would be duplicated.
  copy.removeAttribute('xmlns')
  copy.setAttribute('x', '0')
  copy.setAttribute('y', String(chartTop))
  copy.setAttribute('width', String(width))
  copy.setAttribute('height', String(chartHeight))
  root.append(copy)
  // The chart's own text (axis labels can be names) is cleaned too: one control makes bad XML.
  const markup = replaceHiddenControls(new XMLSerializer().serializeToString(root))
  return { markup, width, height, chartTop }
}

/** Pixels per chart pixel in an exported PNG: the screen's density, and at least 2. */
export function exportScale(devicePixelRatio: number): number {
  return Number.isFinite(devicePixelRatio) ? Math.max(2, devicePixelRatio) : 2
}

/** A location name can be long: each part of a file name is cut to this. */
const MAX_FILE_NAME_PART = 64

function slugPart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_FILE_NAME_PART)
    .replace(/-+$/, '')
}

/** `market-<what it shows>-<as-of day>.png`, e.g. `market-ikoyi-ng-growth-by-bed-type-2026-11-23.png`. */
export function chartFileName(parts: readonly string[], asOf: string | undefined): string {
  const asOfDate = asOf ? new Date(asOf) : new Date()
  const day = isoDay(Number.isNaN(asOfDate.getTime()) ? new Date() : asOfDate)
  const name = ['market', ...parts.map(slugPart)].filter(Boolean).join('-')
  return `${name}-${day}.png`
}

/**
 * Chart SVG → canvas (at the device pixel ratio, at least 2×) → PNG blob, with the PNG's size in
 * pixels (the chart's size × the export scale).
 */
export async function chartToPng(chart: SVGSVGElement, options: ChartExportOptions) {
  const { markup, width, height } = buildExportSvg(chart, options)
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml;charset=utf-8' }))
  try {
    const image = new Image()
    image.src = url
    await image.decode().catch(() => {
      throw new Error('The chart could not be rendered to an image.')
    })
    const scale = exportScale(window.devicePixelRatio)
    const canvas = new OffscreenCanvas(Math.round(width * scale), Math.round(height * scale))
    const context = canvas.getContext('2d')
    if (!context) throw new Error('Canvas is not available.')
    context.scale(canvas.width / width, canvas.height / height)
    context.drawImage(image, 0, 0, width, height)
    const blob = await canvas.convertToBlob({ type: 'image/png' })
    return { blob, width: canvas.width, height: canvas.height }
  } finally {
    URL.revokeObjectURL(url)
  }
}

export interface ExportLegendItem {
  label: string
  color: string
}

export interface ChartExportOptions {
  title: string
  subtitle?: string
  legend?: readonly ExportLegendItem[]
  background: string
  textColor: string
}

const SVG_NS = 'http://www.w3.org/2000/svg'
const HEADER_HEIGHT = 56
const LEGEND_ITEM_WIDTH = 110
const FONT = "system-ui, -apple-system, 'Segoe UI', Arial, sans-serif"

function svgText(x: number, y: number, text: string, size: number, color: string, weight = 400) {
  const element = document.createElementNS(SVG_NS, 'text')
  element.setAttribute('x', String(x))
  element.setAttribute('y', String(y))
  element.setAttribute('font-size', String(size))
  element.setAttribute('font-weight', String(weight))
  element.setAttribute('fill', color)
  element.textContent = text
  return element
}

/**
 * A standalone SVG document of a chart: a copy of the chart's <svg> below a header with the title
 * and legend (recharts draws its legend in HTML, outside the SVG).
 */
export function buildExportSvg(chart: SVGSVGElement, options: ChartExportOptions) {
  const box = chart.getBoundingClientRect()
  const width = Math.round(box.width || Number(chart.getAttribute('width')) || 640)
  const chartHeight = Math.round(box.height || Number(chart.getAttribute('height')) || 320)
  const height = chartHeight + HEADER_HEIGHT
  const root = document.createElementNS(SVG_NS, 'svg')
  root.setAttribute('width', String(width))
  root.setAttribute('height', String(height))
  root.setAttribute('viewBox', `0 0 ${width} ${height}`)
  root.setAttribute('font-family', FONT)
  const background = document.createElementNS(SVG_NS, 'rect')
  background.setAttribute('width', '100%')
  background.setAttribute('height', '100%')
  background.setAttribute('fill', options.background)
  root.append(background, svgText(16, 24, options.title, 15, options.textColor, 600))
  if (options.subtitle) root.append(svgText(16, 44, options.subtitle, 11, options.textColor))
  const legend = options.legend ?? []
  let x = Math.max(16, width - 16 - legend.length * LEGEND_ITEM_WIDTH)
  for (const item of legend) {
    const swatch = document.createElementNS(SVG_NS, 'rect')
    swatch.setAttribute('x', String(x))
    swatch.setAttribute('y', '15')
    swatch.setAttribute('width', '10')
    swatch.setAttribute('height', '10')
    swatch.setAttribute('rx', '2')
    swatch.setAttribute('fill', item.color)
    root.append(swatch, svgText(x + 14, 24, item.label, 11, options.textColor))
    x += LEGEND_ITEM_WIDTH
  }
  const copy = chart.cloneNode(true) as SVGSVGElement
  // The serializer writes the namespace itself; an explicit xmlns attribute would be duplicated.
  copy.removeAttribute('xmlns')
  copy.setAttribute('x', '0')
  copy.setAttribute('y', String(HEADER_HEIGHT))
  copy.setAttribute('width', String(width))
  copy.setAttribute('height', String(chartHeight))
  root.append(copy)
  return { markup: new XMLSerializer().serializeToString(root), width, height }
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image()
    image.onload = () => resolve(image)
    image.onerror = () => reject(new Error('The chart could not be rendered to an image.'))
    image.src = url
  })
}

/** Chart SVG → canvas (2× for sharpness) → PNG blob. */
export async function chartToPng(chart: SVGSVGElement, options: ChartExportOptions): Promise<Blob> {
  const { markup, width, height } = buildExportSvg(chart, options)
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml;charset=utf-8' }))
  try {
    const image = await loadImage(url)
    const scale = 2
    const canvas = document.createElement('canvas')
    canvas.width = width * scale
    canvas.height = height * scale
    const context = canvas.getContext('2d')
    if (!context) throw new Error('Canvas is not available.')
    context.scale(scale, scale)
    context.drawImage(image, 0, 0, width, height)
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed.'))),
        'image/png'
      )
    )
  } finally {
    URL.revokeObjectURL(url)
  }
}

/** Saves a blob through a temporary download link. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

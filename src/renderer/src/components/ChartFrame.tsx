import { useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { chartToPng, downloadBlob } from './chart-export'
import type { ExportLegendItem } from './chart-export'
import { useChartColors } from './chart-colors'
import { DownloadIcon } from './icons'
import { useToast } from './Toasts'
import './chart-frame.css'

/** A titled chart panel with "Export PNG" (the recharts SVG drawn onto a canvas). */
export function ChartFrame(props: {
  title: string
  subtitle?: string
  note?: ReactNode
  height: number
  exportName: string
  legend?: readonly ExportLegendItem[]
  testId?: string
  /** Extra controls shown beside the export button (e.g. a rent/sale switch). */
  actions?: ReactNode
  children: ReactNode
}) {
  const body = useRef<HTMLDivElement>(null)
  const colors = useChartColors()
  const notify = useToast()
  const [exporting, setExporting] = useState(false)

  const exportPng = async () => {
    const svg = body.current?.querySelector<SVGSVGElement>('svg.recharts-surface')
    if (!svg) {
      notify({ tone: 'error', title: 'Nothing to export', detail: 'The chart has no data yet.' })
      return
    }
    setExporting(true)
    try {
      const blob = await chartToPng(svg, {
        title: props.title,
        ...(props.subtitle ? { subtitle: props.subtitle } : {}),
        legend: props.legend ?? [],
        background: colors.surface,
        textColor: colors.text
      })
      downloadBlob(blob, `${props.exportName}.png`)
    } catch (error) {
      notify({
        tone: 'error',
        title: 'PNG export failed',
        detail: error instanceof Error ? error.message : String(error)
      })
    } finally {
      setExporting(false)
    }
  }

  return (
    <figure className="chart-frame card" data-testid={props.testId}>
      <figcaption className="chart-frame-header">
        <div>
          <h3>{props.title}</h3>
          {props.subtitle ? <p className="muted">{props.subtitle}</p> : null}
        </div>
        <div className="chart-frame-actions">
          {props.actions}
          <button
            type="button"
            className="btn btn-small btn-ghost"
            onClick={() => void exportPng()}
            disabled={exporting}
            aria-label={`Export chart "${props.title}" as PNG`}
          >
            <DownloadIcon size={13} /> PNG
          </button>
        </div>
      </figcaption>
      <div className="chart-frame-body" ref={body} style={{ height: props.height }}>
        {props.children}
      </div>
      {props.note ? <div className="chart-frame-note">{props.note}</div> : null}
    </figure>
  )
}

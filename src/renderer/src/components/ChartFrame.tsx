import { ResponsiveContainer } from 'recharts'
import { useId, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import type { Provenance } from '../data/market-result'
import { formatDateTime } from '../lib/format'
import { oldestTime } from '../lib/staleness'
import { chartFileName, chartToPng, findChartSurface } from './chart-export'
import type { ExportLegendItem } from './chart-export'
import { useChartColors } from './chart-colors'
import { DownloadIcon } from './icons'
import { useMenuExport } from './menu-export'
import { CHART_INITIAL_SIZE } from './chart-axes'
import { EmptyState } from './EmptyState'
import { ScrollCue } from './ScrollCue'
import { Table } from './Table'
import { useToast } from './Toasts'
import { useAfterPaint } from './use-after-paint'
import { useSaveExport } from './use-save-export'
import './chart-frame.css'
import './tooltip.css'

/** What an exported image says about the chart beyond its title. */
export interface ChartExportInfo {
  /** Location(s), sector, bed type, transaction type: what the figures are of. */
  context: string
  /** Provenance of the figures drawn: gives the as-of date and the demo mark. */
  metas: readonly Provenance[]
  /** Words for the file name, e.g. `['Ikoyi', 'NG', 'growth by bed type']`. */
  fileParts: readonly string[]
}

/** The chart's figures as text: a header row and one row per category or point. */
interface ChartTable {
  columns: readonly string[]
  rows: ReadonlyArray<readonly string[]>
}

/**
 * A titled chart panel with "Export PNG" (the recharts SVG drawn onto a canvas) and, given
 * `table`, a "Table" toggle that shows the same figures as a data table under the chart.
 */
export function ChartFrame(props: {
  title: string
  subtitle?: string
  note?: ReactNode
  /** Items the chart leaves out and why, e.g. "Maitama (no data)". */
  notShown?: readonly string[]
  height: number
  exportInfo: ChartExportInfo
  /** Legend of the exported image; with `showLegend` also drawn under the chart. */
  legend?: readonly ExportLegendItem[]
  showLegend?: boolean
  testId?: string
  /** Extra controls shown beside the export button (e.g. a rent/sale switch). */
  actions?: ReactNode
  table?: ChartTable
  /** Shown instead of the chart while it has nothing to draw. */
  empty?: { title: string; text?: ReactNode } | undefined
  /** The recharts chart, drawn at the body's size. */
  children: ReactNode
}) {
  const frame = useRef<HTMLElement>(null)
  const body = useRef<HTMLDivElement>(null)
  const colors = useChartColors()
  const notify = useToast()
  const saveExport = useSaveExport()
  const [exporting, setExporting] = useState(false)
  const [showTable, setShowTable] = useState(false)
  const titleId = useId()
  const subtitleId = useId()
  // The chart is drawn once the frame has been painted: a screen's figures (the price matrix, its
  // tables) show at once, and the charts (recharts: tens of ms each, in one task) follow.
  const drawn = useAfterPaint()
  const table = props.table && props.table.rows.length > 0 ? props.table : undefined
  const notShown = props.notShown ?? []

  const exportPng = async () => {
    const svg = body.current ? findChartSurface(body.current) : null
    if (!svg) {
      notify({ tone: 'error', title: 'Nothing to export', detail: 'The chart has no data yet.' })
      return
    }
    setExporting(true)
    const { context, metas, fileParts } = props.exportInfo
    const asOf = oldestTime(metas.map((meta) => meta.fetchedAt))
    await saveExport('png', 'PNG export failed', async () => {
      const png = await chartToPng(svg, {
        title: props.title,
        subtitle: props.subtitle,
        context,
        asOf: asOf && formatDateTime(asOf),
        demo: metas.some((meta) => meta.source === 'demo'),
        notShown,
        legend: props.legend ?? [],
        background: colors.surface,
        textColor: colors.text,
        mutedColor: colors.axis
      })
      const suggestedName = chartFileName(fileParts, asOf)
      const saved = {
        title: 'Saved chart as PNG',
        detail: `${suggestedName} (${png.width} × ${png.height} px)`,
        repeatTitle: (count: number) => `Saved ${count} charts as PNG`
      }
      return { suggestedName, blob: png.blob, saved }
    })
    setExporting(false)
  }

  useMenuExport('png', frame, () => {
    if (!exporting) void exportPng()
  })

  return (
    <figure
      ref={frame}
      className="chart-frame card"
      aria-labelledby={titleId}
      aria-describedby={props.subtitle ? subtitleId : undefined}
      data-testid={props.testId}
    >
      <figcaption className="chart-frame-header">
        <div>
          <h3 id={titleId}>{props.title}</h3>
          {props.subtitle ? (
            <p id={subtitleId} className="small muted">
              {props.subtitle}
            </p>
          ) : null}
        </div>
        <div className="chart-frame-actions cluster">
          {props.actions}
          {table ? (
            <button
              type="button"
              className="btn btn-small btn-ghost"
              aria-pressed={showTable}
              aria-label={`Show the figures of "${props.title}" as a table`}
              onClick={() => setShowTable((shown) => !shown)}
            >
              Table
            </button>
          ) : null}
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
        {!drawn ? null : props.empty ? (
          <EmptyState title={props.empty.title}>{props.empty.text}</EmptyState>
        ) : (
          <ResponsiveContainer width="100%" height="100%" initialDimension={CHART_INITIAL_SIZE}>
            {props.children}
          </ResponsiveContainer>
        )}
      </div>
      {props.showLegend && props.legend?.length ? (
        <ul className="chart-frame-legend small muted" aria-label={`Legend of ${props.title}`}>
          {props.legend.map((item) => (
            <li key={item.label} className="legend-line">
              <span className="swatch" style={{ background: item.color }} aria-hidden="true" />
              {item.label}
            </li>
          ))}
        </ul>
      ) : null}
      {table && showTable ? (
        <ScrollCue className="chart-frame-table" label={`${props.title}: figures`}>
          <Table
            caption={`${props.title}: figures`}
            columns={table.columns.map((label, index) =>
              index > 0 ? { label, className: 'num' } : label
            )}
            testId="chart-table"
          >
            {table.rows.map(([name, ...figures]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                {figures.map((cell, index) => (
                  <td key={index} className="num">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </Table>
        </ScrollCue>
      ) : null}
      {notShown.length > 0 ? (
        <p className="chart-frame-not-shown small muted" data-testid="chart-not-shown">
          Not shown: {notShown.join(', ')}
        </p>
      ) : null}
      {props.note ? <div className="card-footer muted">{props.note}</div> : null}
    </figure>
  )
}

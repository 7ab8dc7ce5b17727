import { useEffect, useRef, useState } from 'react'
import { ERRORS } from '@shared/errors/catalogue'
import { REPORT_FOOTER_MAX, reportFileName } from '@shared/report'
import type { Settings } from '@shared/settings'
import { useMarket } from '../../data/app-deps'
import { useMenuExport } from '../../components/menu-export'
import { endReport, startReport } from '../../components/report-mode'
import type { ReportChoice } from '../../components/report-mode'
import { useToast } from '../../components/Toasts'
import { isoDay } from '../../lib/format'
import type { LocationRef } from '../../lib/location-ref'
import { ReportDialog } from './ReportDialog'

const UNAVAILABLE = ERRORS.reportUnavailable().message

/** Two frames and a moment: the charts measure the paper's width and draw before printing. */
const afterLayout = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 150)))
  )

/**
 * Export report: the dialog chooses what it holds; the page is then laid out as the report
 * (report mode) and the desktop app prints it to a PDF the user saves; in a plain browser, the
 * browser's own print dialog (Save as PDF) does it.
 */
export function ExportReportButton(props: { location: LocationRef; settings: Settings }) {
  const market = useMarket()
  const notify = useToast()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const close = () => {
    setOpen(false)
    button.current?.focus()
  }
  const exportReport = async (choice: ReportChoice) => {
    setOpen(false)
    setBusy(true)
    startReport(choice)
    try {
      await afterLayout()
      const footer =
        document.querySelector<HTMLElement>('[data-report-footer]')?.dataset['reportFooter'] ?? ''
      const suggestedName = reportFileName(props.location.slug, isoDay(new Date()))
      const result = await market.exportReport({
        suggestedName,
        paper: choice.paper,
        footer: footer.slice(0, REPORT_FOOTER_MAX)
      })
      if (result.ok) {
        if (result.data.saved) {
          notify({ tone: 'success', title: 'Report saved', detail: result.data.fileName })
        }
      } else if (result.error.message === UNAVAILABLE) {
        window.print()
      } else {
        notify({ tone: 'error', title: 'Report not saved', detail: result.error.message })
      }
    } finally {
      endReport()
      setBusy(false)
    }
  }
  // Back from an export, focus is where it was (the button, enabled again).
  const wasBusy = useRef(false)
  useEffect(() => {
    if (wasBusy.current && !busy) button.current?.focus()
    wasBusy.current = busy
  }, [busy])
  useMenuExport('report', button, () => setOpen(true), !busy)
  return (
    <div className="report-dialog-anchor">
      <button
        ref={button}
        type="button"
        className="btn"
        onClick={() => setOpen((was) => !was)}
        disabled={busy}
        aria-expanded={open}
        data-testid="export-report"
        title="Save this location's figures, charts, sources and your notes as a PDF for a client"
      >
        {busy ? 'Exporting…' : 'Export report'}
      </button>
      {open ? (
        <ReportDialog
          sector={props.location.sector}
          agent={props.settings.agent}
          onExport={(choice) => void exportReport(choice)}
          onCancel={close}
        />
      ) : null}
    </div>
  )
}

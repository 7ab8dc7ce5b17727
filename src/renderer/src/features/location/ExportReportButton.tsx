import { useRef, useState } from 'react'
import { ERRORS } from '@shared/errors/catalogue'
import { reportFileName } from '@shared/report'
import { useMarket } from '../../data/app-deps'
import { useMenuExport } from '../../components/menu-export'
import { useToast } from '../../components/Toasts'
import { isoDay } from '../../lib/format'
import type { LocationRef } from '../../lib/location-ref'

const UNAVAILABLE = ERRORS.reportUnavailable().message

/**
 * Export report: the desktop app prints the page (its print stylesheet is the report) to a PDF
 * the user saves; in a plain browser, the browser's own print dialog (Save as PDF) does it.
 */
export function ExportReportButton(props: { location: LocationRef }) {
  const market = useMarket()
  const notify = useToast()
  const [busy, setBusy] = useState(false)
  const exportReport = async () => {
    setBusy(true)
    try {
      const suggestedName = reportFileName(props.location.slug, isoDay(new Date()))
      const result = await market.exportReport({ suggestedName })
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
      setBusy(false)
    }
  }
  const button = useRef<HTMLButtonElement>(null)
  useMenuExport('report', button, () => void exportReport(), !busy)
  return (
    <button
      ref={button}
      type="button"
      className="btn"
      onClick={() => void exportReport()}
      disabled={busy}
      data-testid="export-report"
      title="Save this location's figures, charts, sources and your assumptions as a PDF"
    >
      {busy ? 'Exporting…' : 'Export report'}
    </button>
  )
}

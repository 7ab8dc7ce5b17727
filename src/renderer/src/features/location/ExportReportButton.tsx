import { useEffect, useId, useRef, useState } from 'react'
import { PAPER_SIZES, REPORT_FOOTER_MAX, reportFileName } from '@shared/report'
import type { PaperSize } from '@shared/report'
import type { Agent, Settings } from '@shared/settings'
import type { Sector } from '@shared/spec'
import { ChoiceGroup } from '../../components/ChoiceGroup'
import { FieldError } from '../../components/FieldError'
import { useMarket } from '../../data/app-deps'
import { useMenuExport } from '../../components/menu-export'
import { endReport, REPORT_NOTES_MAX, startReport } from '../../components/report-mode'
import type { ReportChoice, ReportSection } from '../../components/report-mode'
import { useToast } from '../../components/Toasts'
import { formatNumber, isoDay } from '../../lib/format'
import type { LocationRef } from '../../lib/location-ref'

/** The sections a report of each sector can hold, in the order they print. */
const SECTIONS: Record<Sector, ReadonlyArray<readonly [ReportSection, string]>> = {
  residential: [
    ['prices', 'Sale and rent prices, with both price paths'],
    ['growth', 'Growth'],
    ['yields', 'Gross yields'],
    ['net-yield', 'Net yield with your assumptions'],
    ['history', 'Observed history (your record)']
  ],
  land: [
    ['prices', 'Land price, growth and price path'],
    ['history', 'Observed history (your record)']
  ]
}

const PAPERS = PAPER_SIZES.map((value) => ({ value, label: value }))

/**
 * What the report holds before it is saved: sections, notes for the client, paper. A modal
 * dialog (the page behind it inert): Escape or Cancel closes it. It opens on the last choice not
 * yet saved, with why the save failed when it did.
 */
function ReportDialog(props: {
  sector: Sector
  agent: Agent
  draft: ReportChoice | undefined
  failure: string | undefined
  onExport: (choice: ReportChoice) => void
  onCancel: () => void
}) {
  const titleId = useId()
  const notesId = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => dialog.current?.showModal(), [])
  const offered = SECTIONS[props.sector]
  const [sections, setSections] = useState(() =>
    offered.map(([section]) => section).filter((one) => props.draft?.sections.has(one) ?? true)
  )
  const [notes, setNotes] = useState(props.draft?.notes ?? '')
  const [paper, setPaper] = useState<PaperSize>(props.draft?.paper ?? 'A4')
  const toggle = (section: ReportSection, on: boolean) =>
    setSections((previous) => [
      ...previous.filter((one) => one !== section),
      ...(on ? [section] : [])
    ])
  const { name, agency } = props.agent
  return (
    <dialog
      ref={dialog}
      className="report-dialog card"
      aria-labelledby={titleId}
      data-testid="report-dialog"
      onCancel={(event) => {
        event.preventDefault()
        props.onCancel()
      }}
    >
      <form
        className="report-dialog-form"
        onSubmit={(event) => {
          event.preventDefault()
          props.onExport({ paper, sections: new Set(sections), notes: notes.trim() })
        }}
      >
        <h2 id={titleId} className="report-dialog-wide">
          Report for a client
        </h2>
        {props.failure ? <FieldError message={`Report not saved: ${props.failure}`} /> : null}
        <fieldset className="choice-group">
          <legend className="field-label">Sections</legend>
          {offered.map(([section, label], index) => (
            <label key={section} className="cluster">
              <input
                type="checkbox"
                checked={sections.includes(section)}
                onChange={(event) => toggle(section, event.target.checked)}
                autoFocus={index === 0}
                data-testid={`report-section-${section}`}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <div className="report-dialog-column">
          <div className="field">
            <label className="field-label" htmlFor={notesId}>
              Notes for your client
            </label>
            <textarea
              id={notesId}
              className="input"
              rows={3}
              maxLength={REPORT_NOTES_MAX}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
              data-testid="report-notes-input"
            />
            <p className="small muted">
              {formatNumber(notes.length)} of {formatNumber(REPORT_NOTES_MAX)} characters, printed
              under the title.
            </p>
          </div>
          <ChoiceGroup legend="Paper" choices={PAPERS} value={paper} onChange={setPaper} />
        </div>
        <p className="small muted report-dialog-wide" data-testid="report-dialog-agent">
          {name || agency
            ? `Prepared by ${[name, agency].filter(Boolean).join(', ')} (from Settings).`
            : 'Add your name, agency and contact in Settings to print them on the report.'}
        </p>
        <div className="cluster report-dialog-wide">
          <button type="submit" className="btn btn-primary" data-testid="report-save">
            Save PDF
          </button>
          <button type="button" className="btn" onClick={props.onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  )
}

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
  // What the user chose and typed, kept until a report is saved.
  const [draft, setDraft] = useState<ReportChoice>()
  const [failure, setFailure] = useState<string>()
  const button = useRef<HTMLButtonElement>(null)
  const exportReport = async (choice: ReportChoice) => {
    setOpen(false)
    setDraft(choice)
    setFailure(undefined)
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
      if (result.ok && result.data.saved) {
        setDraft(undefined)
        notify({ tone: 'success', title: 'Report saved', detail: result.data.fileName })
      } else if (!result.ok && result.error.code === 'NOT_CONFIGURED') {
        // No window here can print to a PDF (ERRORS.reportUnavailable): the browser prints.
        window.print()
      } else if (!result.ok) {
        setFailure(result.error.message)
        setOpen(true)
      }
    } finally {
      endReport()
      setBusy(false)
    }
  }
  // Back from the dialog or an export, focus is where it was: the button (enabled again).
  const wasAway = useRef(false)
  useEffect(() => {
    if (wasAway.current && !busy && !open) button.current?.focus()
    wasAway.current = busy || open
  }, [busy, open])
  useMenuExport('report', button, () => setOpen(true), !busy)
  return (
    <>
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
          draft={draft}
          failure={failure}
          onExport={(choice) => void exportReport(choice)}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </>
  )
}

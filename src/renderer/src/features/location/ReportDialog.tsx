import { useId, useState } from 'react'
import type { PaperSize } from '@shared/report'
import type { Agent } from '@shared/settings'
import type { Sector } from '@shared/spec'
import { ChoiceGroup } from '../../components/ChoiceGroup'
import { REPORT_NOTES_MAX } from '../../components/report-mode'
import type { ReportChoice, ReportSection } from '../../components/report-mode'
import { formatNumber } from '../../lib/format'

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

const PAPERS = [
  { value: 'A4', label: 'A4' },
  { value: 'Letter', label: 'Letter' }
] as const

/**
 * What the report holds before it is saved: sections, notes for the client, paper. Like the
 * app's other confirm steps it sits in place under its button: Escape or Cancel closes it.
 */
export function ReportDialog(props: {
  sector: Sector
  agent: Agent
  onExport: (choice: ReportChoice) => void
  onCancel: () => void
}) {
  const titleId = useId()
  const notesId = useId()
  const offered = SECTIONS[props.sector]
  const [sections, setSections] = useState(() => new Set(offered.map(([section]) => section)))
  const [notes, setNotes] = useState('')
  const [paper, setPaper] = useState<PaperSize>('A4')
  const toggle = (section: ReportSection, on: boolean) =>
    setSections((previous) => {
      const next = new Set(previous)
      if (on) next.add(section)
      else next.delete(section)
      return next
    })
  const { name, agency } = props.agent
  return (
    <div
      className="report-dialog card"
      role="dialog"
      aria-labelledby={titleId}
      data-testid="report-dialog"
      onKeyDown={(event) => {
        if (event.key === 'Escape') props.onCancel()
      }}
    >
      <form
        className="report-dialog-form"
        onSubmit={(event) => {
          event.preventDefault()
          props.onExport({ paper, sections, notes: notes.trim() })
        }}
      >
        <h2 id={titleId} className="report-dialog-wide">
          Report for a client
        </h2>
        <fieldset className="choice-group">
          <legend className="field-label">Sections</legend>
          {offered.map(([section, label], index) => (
            <label key={section} className="cluster">
              <input
                type="checkbox"
                checked={sections.has(section)}
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
    </div>
  )
}

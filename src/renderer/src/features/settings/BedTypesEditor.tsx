import { useId, useState } from 'react'
import { CloseIcon } from '../../components/icons'
import { bedLabel } from '../../lib/beds'

const MAX_BED_TYPES = 24
const DEFAULT_BED_TYPES = ['1', '2', '3', '4', '5']

/** The editable list of bed values asked for on location pages (the service does not list them). */
export function BedTypesEditor(props: {
  bedTypes: readonly string[]
  onChange: (bedTypes: string[]) => void
}) {
  const inputId = useId()
  const [draft, setDraft] = useState('')
  const value = draft.trim()
  const duplicate = props.bedTypes.includes(value)
  const canAdd =
    value.length > 0 && value.length <= 32 && !duplicate && props.bedTypes.length < MAX_BED_TYPES

  const add = () => {
    if (!canAdd) return
    props.onChange([...props.bedTypes, value])
    setDraft('')
  }

  return (
    <div className="field">
      <label className="field-label" htmlFor={inputId}>
        Bed types
      </label>
      <ul className="chips" aria-label="Bed types in use" data-testid="bed-types">
        {props.bedTypes.map((beds) => (
          <li key={beds} className="chip">
            {bedLabel(beds)}
            <button
              type="button"
              className="chip-remove"
              aria-label={`Remove bed type ${beds}`}
              disabled={props.bedTypes.length <= 1}
              onClick={() => props.onChange(props.bedTypes.filter((item) => item !== beds))}
            >
              <CloseIcon size={11} />
            </button>
          </li>
        ))}
      </ul>
      <div className="field-row">
        <input
          id={inputId}
          className="input"
          placeholder="e.g. 6 or studio"
          value={draft}
          maxLength={32}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              add()
            }
          }}
          data-testid="bed-type-input"
        />
        <button type="button" className="btn" disabled={!canAdd} onClick={add}>
          Add bed type
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => props.onChange([...DEFAULT_BED_TYPES])}
        >
          Reset to 1–5
        </button>
      </div>
      <p className="field-hint">
        {duplicate ? `“${value}” is already in the list. ` : ''}The service does not publish its bed
        values; bed types with no data are remembered per location and greyed out.
      </p>
    </div>
  )
}

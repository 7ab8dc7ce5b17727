import { useEffect, useId, useRef, useState } from 'react'
import type { KeyboardEvent } from 'react'
import { BED_LABEL_MAX, bedTypeLabel, defaultBedTypes } from '@shared/bed-types'
import { BED_VALUE_MAX } from '@shared/spec'
import type { BedType } from '@shared/bed-types'
import { CloseIcon } from '../../components/icons'

const MAX_BED_TYPES = 24

/** Runs `action` on Enter (and keeps Enter from submitting anything else). */
const onEnter =
  (action: (field: HTMLInputElement) => void) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    action(event.currentTarget)
  }

/** One bed type: its value as the service takes it, and the label shown everywhere else. */
function BedTypeRow(props: {
  bedType: BedType
  canRemove: boolean
  /** Just added: its label field takes the focus, where the user names it. */
  focus: boolean
  /** The label typed, trimmed (empty: none). */
  onLabel: (label: string) => void
  onRemove: () => void
}) {
  const { value, label = '' } = props.bedType
  const input = useRef<HTMLInputElement>(null)
  const commit = (field: HTMLInputElement) => {
    if (field.value.trim() !== label) props.onLabel(field.value.trim())
  }
  // The label saved, also when changed from outside (a reset, another window), replaces the typed.
  useEffect(() => {
    if (input.current) input.current.value = label
  }, [label])
  useEffect(() => {
    if (props.focus) input.current?.focus()
  }, [props.focus])
  return (
    <li className="bed-type-row">
      <code className="bed-type-value" title="The value sent to the service">
        {value}
      </code>
      <input
        ref={input}
        className="input"
        aria-label={`Label for bed type ${value}`}
        placeholder={bedTypeLabel(value)}
        defaultValue={label}
        maxLength={BED_LABEL_MAX}
        onBlur={(event) => commit(event.currentTarget)}
        onKeyDown={onEnter(commit)}
        data-testid={`bed-label-${value}`}
      />
      <button
        type="button"
        className="btn btn-ghost btn-small"
        aria-label={`Remove bed type ${value}`}
        disabled={!props.canRemove}
        onClick={props.onRemove}
      >
        <CloseIcon size={11} />
      </button>
    </li>
  )
}

/**
 * The editable list of bed values asked for on location pages (the service does not list them),
 * each with an optional label ("1" → "1 bed / self-contained").
 */
export function BedTypesEditor(props: {
  bedTypes: readonly BedType[]
  onChange: (bedTypes: BedType[]) => void
}) {
  const inputId = useId()
  const [draft, setDraft] = useState('')
  const [added, setAdded] = useState<string>()
  const value = draft.trim()
  const duplicate = props.bedTypes.some((bedType) => bedType.value === value)
  const canAdd =
    value.length > 0 &&
    value.length <= BED_VALUE_MAX &&
    !duplicate &&
    props.bedTypes.length < MAX_BED_TYPES

  const add = () => {
    if (!canAdd) return
    props.onChange([...props.bedTypes, { value }])
    setAdded(value)
    setDraft('')
  }

  return (
    <div className="field">
      <label className="field-label" htmlFor={inputId}>
        Bed types
      </label>
      <ul className="bed-type-list" aria-label="Bed types in use" data-testid="bed-types">
        {props.bedTypes.map((bedType) => (
          <BedTypeRow
            key={bedType.value}
            bedType={bedType}
            canRemove={props.bedTypes.length > 1}
            focus={bedType.value === added}
            onLabel={(label) =>
              props.onChange(
                props.bedTypes.map((item) =>
                  item.value === bedType.value
                    ? { value: item.value, ...(label ? { label } : {}) }
                    : item
                )
              )
            }
            onRemove={() =>
              props.onChange(props.bedTypes.filter((item) => item.value !== bedType.value))
            }
          />
        ))}
      </ul>
      <div className="cluster">
        <input
          id={inputId}
          className="input"
          placeholder="Value, e.g. 5 or studio"
          value={draft}
          maxLength={BED_VALUE_MAX}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onEnter(add)}
          data-testid="bed-type-input"
        />
        <button type="button" className="btn" disabled={!canAdd} onClick={add}>
          Add bed type
        </button>
        <button type="button" className="btn" onClick={() => props.onChange(defaultBedTypes())}>
          Reset to the provider’s 1–4
        </button>
      </div>
      <p className="small muted">
        {duplicate ? `“${value}” is already in the list. ` : ''}The value is what the service takes;
        the label, set once it is in the list, is what the app shows (empty: “3 bed”). The service
        does not publish its bed values; bed types with no data are remembered per location and
        greyed out.
      </p>
    </div>
  )
}

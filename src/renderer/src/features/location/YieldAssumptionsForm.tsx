import { useId, useState } from 'react'
import type { AssumptionField, YieldAssumptions } from '../../lib/net-yield'
import { parseAssumption, YIELD_LIMITS } from '../../lib/net-yield'

const FIELDS: ReadonlyArray<{ field: AssumptionField; label: string; unit: string }> = [
  { field: 'serviceChargePercent', label: 'Service charge and maintenance', unit: '% of rent' },
  { field: 'vacancyMonths', label: 'Vacancy', unit: 'months a year' },
  { field: 'feesPercent', label: 'Agency and legal fees', unit: "% of first year's rent" },
  { field: 'upfrontYears', label: 'Rent paid upfront', unit: 'years' }
]

type Drafts = Record<AssumptionField, string>

const draftsOf = (assumptions: YieldAssumptions) =>
  Object.fromEntries(FIELDS.map(({ field }) => [field, String(assumptions[field])])) as Drafts

/**
 * The user's assumptions as text fields: what is typed stays in the field even when it cannot be
 * used (an inline error says why); only valid values are saved and used.
 */
export function YieldAssumptionsForm(props: {
  assumptions: YieldAssumptions
  onChange: (next: YieldAssumptions) => void
}) {
  const id = useId()
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(props.assumptions))
  const update = (field: AssumptionField, text: string) => {
    setDrafts((current) => ({ ...current, [field]: text }))
    const parsed = parseAssumption(field, text)
    if (parsed.ok) props.onChange({ ...props.assumptions, [field]: parsed.value })
  }
  return (
    <fieldset className="assumptions-form" data-testid="yield-assumptions">
      <legend>Your assumptions</legend>
      {FIELDS.map(({ field, label, unit }) => {
        const parsed = parseAssumption(field, drafts[field])
        const inputId = `${id}-${field}`
        const errorId = `${inputId}-error`
        const { min, max } = YIELD_LIMITS[field]
        return (
          <div className="assumption-field" key={field}>
            <label htmlFor={inputId}>
              {label} <span className="th-sub block faint">{unit}</span>
            </label>
            <input
              id={inputId}
              className="input num"
              type="text"
              inputMode="decimal"
              value={drafts[field]}
              onChange={(event) => update(field, event.target.value)}
              aria-invalid={!parsed.ok}
              aria-describedby={parsed.ok ? undefined : errorId}
              data-testid={`assumption-${field}`}
              title={`${min} to ${max}`}
            />
            {parsed.ok ? null : (
              <span className="field-error" id={errorId} role="alert">
                {parsed.message}; using {props.assumptions[field]}
              </span>
            )}
          </div>
        )
      })}
    </fieldset>
  )
}

import { useId } from 'react'
import type { BedType } from '@shared/bed-types'
import { bedLabel } from '../lib/beds'

/** The bed type a screen shows figures for, chosen among the user's bed types. */
export function BedTypeSelect(props: {
  value: string
  bedTypes: readonly BedType[]
  onChange: (beds: string) => void
  testId: string
}) {
  const id = useId()
  return (
    <label className="inline-field" htmlFor={id}>
      <span className="muted">Bed type</span>
      <select
        id={id}
        className="select"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        data-testid={props.testId}
      >
        {props.bedTypes.map(({ value }) => (
          <option key={value} value={value}>
            {bedLabel(value, props.bedTypes)}
          </option>
        ))}
      </select>
    </label>
  )
}

import { useId } from 'react'

export interface SelectOption {
  value: string
  label: string
}

/** A select with its label beside it, on one line. */
export function SelectField(props: {
  label: string
  value: string
  options: readonly SelectOption[]
  onChange: (value: string) => void
  testId: string
}) {
  const id = useId()
  return (
    <label className="inline-field" htmlFor={id}>
      <span className="muted">{props.label}</span>
      <select
        id={id}
        className="select"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        data-testid={props.testId}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  )
}

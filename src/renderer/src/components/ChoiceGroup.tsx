import { useId } from 'react'
import './segmented.css'

interface Choice<T extends string> {
  value: T
  label: string
  hint?: string
}

/** A radio group drawn as a segmented control (native radios: arrow keys, form semantics). */
export function ChoiceGroup<T extends string>(props: {
  legend: string
  /** The legend is read out, not shown (a switch in a toolbar). */
  hideLegend?: boolean
  choices: readonly Choice<T>[]
  value: T
  onChange: (value: T) => void
  testId?: string
}) {
  const name = useId()
  return (
    <fieldset className="choice-group" data-testid={props.testId}>
      <legend className={props.hideLegend ? 'visually-hidden' : 'field-label'}>
        {props.legend}
      </legend>
      <div className="choice-options">
        {props.choices.map((choice) => (
          <label key={choice.value} className="choice" title={choice.hint}>
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={props.value === choice.value}
              onChange={() => props.onChange(choice.value)}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

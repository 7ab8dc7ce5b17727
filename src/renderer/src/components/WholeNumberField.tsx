import { useId, useState, type ReactNode } from 'react'
import { FieldError } from './FieldError'

/**
 * A labelled whole number from `min` to `max`, saved on Enter or on leaving the field. Anything else
 * is refused in words under the field, and the saved value stays as it was.
 */
export function WholeNumberField(props: {
  value: number
  min: number
  max: number
  /** What the number counts, for the refusal ("days", "lookups"). */
  unit: string
  onCommit: (value: number) => void
  before: ReactNode
  after: ReactNode
  labelClassName: string
  inputClassName: string
  testId: string
}) {
  const id = useId()
  const [draft, setDraft] = useState(String(props.value))
  const [problem, setProblem] = useState<string | null>(null)
  const commit = () => {
    const value = Number(draft)
    if (Number.isInteger(value) && value >= props.min && value <= props.max) {
      props.onCommit(value)
      setProblem(null)
    } else {
      setProblem(
        `Enter a whole number of ${props.unit} from ${props.min} to ${props.max} (kept: ${props.value}).`
      )
    }
  }
  return (
    <>
      <label className={props.labelClassName} htmlFor={id}>
        {props.before}
        <input
          id={id}
          className={`input ${props.inputClassName}`}
          type="number"
          min={props.min}
          max={props.max}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit()
          }}
          data-testid={props.testId}
        />
        {props.after}
      </label>
      {problem ? <FieldError message={problem} /> : null}
    </>
  )
}

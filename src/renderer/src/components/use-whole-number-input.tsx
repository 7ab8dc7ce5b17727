import { useState, type ChangeEvent, type KeyboardEvent } from 'react'
import { FieldError } from './FieldError'

/**
 * A number input's props for a whole number from `min` to `max` (`unit`: what it counts), saved on
 * Enter or on leaving the field; anything else is refused in words (`problem`, to show under
 * the field) and the saved value stays.
 */
export function useWholeNumberInput(
  saved: number,
  bounds: { min: number; max: number; unit: string },
  onCommit: (value: number) => void
) {
  const { min, max, unit } = bounds
  const [draft, setDraft] = useState(String(saved))
  const [refused, setRefused] = useState(false)
  const commit = () => {
    const value = Number(draft)
    const fits = Number.isInteger(value) && value >= min && value <= max
    if (fits) onCommit(value)
    setRefused(!fits)
  }
  const input = {
    type: 'number',
    min,
    max,
    value: draft,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setDraft(event.target.value),
    onBlur: commit,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter') commit()
    }
  }
  const problem = `Enter a whole number of ${unit} from ${min} to ${max} (kept: ${saved}).`
  return { input, problem: refused ? <FieldError message={problem} /> : null }
}

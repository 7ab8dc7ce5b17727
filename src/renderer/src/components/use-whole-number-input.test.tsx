import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useWholeNumberInput } from './use-whole-number-input'

function DaysField(props: { onCommit: (value: number) => void }) {
  const field = useWholeNumberInput(30, { min: 1, max: 3650, unit: 'days' }, props.onCommit)
  return (
    <>
      <input aria-label="Fresh for" {...field.input} />
      {field.problem}
    </>
  )
}

function renderField(onCommit: (value: number) => void) {
  render(<DaysField onCommit={onCommit} />)
  return screen.getByLabelText('Fresh for')
}

describe('useWholeNumberInput', () => {
  it('saves a whole number within bounds on Enter and on leaving the field', () => {
    const onCommit = vi.fn()
    const input = renderField(onCommit)
    fireEvent.change(input, { target: { value: '90' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    fireEvent.change(input, { target: { value: '3650' } })
    fireEvent.blur(input)
    expect(onCommit.mock.calls).toEqual([[90], [3650]])
    expect(screen.queryByTestId('field-error')).toBeNull()
  })

  it('refuses a fraction, an empty field or a number out of bounds in words, saving nothing', () => {
    const onCommit = vi.fn()
    const input = renderField(onCommit)
    for (const typed of ['2.5', '', '0', '3651']) {
      fireEvent.change(input, { target: { value: typed } })
      fireEvent.blur(input)
      expect(screen.getByTestId('field-error')).toHaveTextContent(
        'Enter a whole number of days from 1 to 3650 (kept: 30).'
      )
    }
    expect(onCommit).not.toHaveBeenCalled()
    fireEvent.change(input, { target: { value: '7' } })
    fireEvent.blur(input)
    expect(onCommit).toHaveBeenCalledWith(7)
    expect(screen.queryByTestId('field-error')).toBeNull()
  })
})

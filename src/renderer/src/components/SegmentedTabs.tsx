import { useRef } from 'react'
import type { KeyboardEvent } from 'react'
import './segmented.css'

interface SegmentOption<T extends string> {
  value: T
  label: string
}

/** A compact tablist (role=tablist/tab, arrow keys move and select). */
export function SegmentedTabs<T extends string>(props: {
  label: string
  options: readonly SegmentOption<T>[]
  value: T
  onChange: (value: T) => void
  testId?: string
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([])

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    const target =
      event.key === 'Home' ? 0 : event.key === 'End' ? props.options.length - 1 : index + step
    if (target === index && step === 0 && event.key !== 'Home' && event.key !== 'End') return
    event.preventDefault()
    const wrapped = (target + props.options.length) % props.options.length
    const option = props.options[wrapped]
    if (!option) return
    props.onChange(option.value)
    buttons.current[wrapped]?.focus()
  }

  return (
    <div className="segmented" role="tablist" aria-label={props.label} data-testid={props.testId}>
      {props.options.map((option, index) => {
        const selected = option.value === props.value
        return (
          <button
            key={option.value}
            ref={(element) => {
              buttons.current[index] = element
            }}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            className="segmented-tab"
            onClick={() => props.onChange(option.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {option.label}
          </button>
        )
      })}
    </div>
  )
}

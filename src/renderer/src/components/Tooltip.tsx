import { useId } from 'react'
import type { ReactNode } from 'react'
import './tooltip.css'

/**
 * Shows `tip` on hover and keyboard focus; screen readers get it as a description. `below` for
 * anchors at the top of a scrolling box, where a tip above would be cut off.
 */
export function Tooltip(props: {
  tip: string
  children: ReactNode
  className?: string
  placement?: 'above' | 'below'
}) {
  const id = useId()
  return (
    <span className={`tooltip-anchor ${props.className ?? ''}`} tabIndex={0} aria-describedby={id}>
      {props.children}
      <span
        role="tooltip"
        id={id}
        className={`tooltip ${props.placement === 'below' ? 'tooltip-below' : ''}`}
      >
        {props.tip}
      </span>
    </span>
  )
}

import { useId } from 'react'
import type { ReactNode } from 'react'
import './tooltip.css'

/** Shows `tip` on hover and keyboard focus; screen readers get it as a description. */
export function Tooltip(props: { tip: string; children: ReactNode; className?: string }) {
  const id = useId()
  return (
    <span className={`tooltip-anchor ${props.className ?? ''}`} tabIndex={0} aria-describedby={id}>
      {props.children}
      <span role="tooltip" id={id} className="tooltip">
        {props.tip}
      </span>
    </span>
  )
}

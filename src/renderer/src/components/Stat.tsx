import type { ReactNode } from 'react'

/** A labelled headline figure. */
export function Stat(props: {
  label: string
  children: ReactNode
  hint?: ReactNode
  testId?: string
}) {
  return (
    <div className="stat" data-testid={props.testId}>
      <div className="field-label small muted">{props.label}</div>
      <div className="stat-value num">{props.children}</div>
      {props.hint ? <div className="small muted">{props.hint}</div> : null}
    </div>
  )
}

import type { ReactNode } from 'react'
import './empty-state.css'

export function EmptyState(props: {
  icon?: ReactNode
  title: string
  children?: ReactNode
  action?: ReactNode
  testId?: string
}) {
  return (
    <div className="stack empty-state" data-testid={props.testId}>
      {props.icon ? <div className="empty-state-icon">{props.icon}</div> : null}
      <h2>{props.title}</h2>
      {props.children ? <div className="empty-state-text">{props.children}</div> : null}
      {props.action ? <div>{props.action}</div> : null}
    </div>
  )
}

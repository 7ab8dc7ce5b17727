import { useEffect, useRef } from 'react'
import type { ReactNode } from 'react'

/** True when nothing has focus: the focused element was removed, or the page just loaded. */
export function focusIsLost(): boolean {
  const active = document.activeElement
  return active === null || active === document.body
}

/**
 * A screen's h1. When the screen opens and focus would fall to the page body (the link or row
 * that opened it is gone), the heading takes focus, so keyboard and screen reader users start
 * at the top of the new screen. Focus the user put somewhere else (a tab, the sidebar) stays.
 * `takeFocus` is false on a screen that focuses a field of its own on opening (Explore's search).
 */
export function ScreenTitle(props: { children: ReactNode; testId?: string; takeFocus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null)
  const takeFocus = props.takeFocus ?? true
  useEffect(() => {
    if (takeFocus && focusIsLost()) ref.current?.focus({ preventScroll: true })
  }, [takeFocus])
  return (
    <h1 ref={ref} tabIndex={-1} className="screen-title" data-testid={props.testId}>
      {props.children}
    </h1>
  )
}

/** A screen's header: its title, a line on what it shows, and its actions (the children). */
export function ScreenHeader(props: {
  title: string
  subtitle: ReactNode
  subtitleTestId?: string
  takeFocus?: boolean
  children?: ReactNode
}) {
  return (
    <header className="screen-header">
      <div>
        <ScreenTitle takeFocus={props.takeFocus ?? true}>{props.title}</ScreenTitle>
        <p className="muted" data-testid={props.subtitleTestId}>
          {props.subtitle}
        </p>
      </div>
      {props.children ? <div className="cluster">{props.children}</div> : null}
    </header>
  )
}

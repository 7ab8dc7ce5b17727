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
 */
export function ScreenTitle(props: { children: ReactNode; testId?: string }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (focusIsLost()) ref.current?.focus({ preventScroll: true })
  }, [])
  return (
    <h1 ref={ref} tabIndex={-1} className="screen-title" data-testid={props.testId}>
      {props.children}
    </h1>
  )
}

import type { ReactNode } from 'react'
import { useArrivalFocus } from './use-arrival-focus'

/**
 * A screen's h1. When the screen opens and focus would fall to the page body (the link or row
 * that opened it is gone), the heading takes focus, so keyboard and screen reader users start
 * at the top of the new screen.
 */
export function ScreenTitle(props: { children: ReactNode; testId?: string }) {
  const ref = useArrivalFocus<HTMLHeadingElement>()
  return (
    <h1 ref={ref} tabIndex={-1} className="screen-title" data-testid={props.testId}>
      {props.children}
    </h1>
  )
}

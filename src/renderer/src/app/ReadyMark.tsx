import { useEffect } from 'react'

/** Performance mark set once, when the first screen has rendered: start-up benchmarks read it. */
export const READY_MARK = 'market-explorer:ready'

/** Render inside the screen's Suspense boundary: it commits only with the screen itself. */
export function ReadyMark() {
  useEffect(() => {
    if (performance.getEntriesByName(READY_MARK).length === 0) performance.mark(READY_MARK)
  }, [])
  return null
}

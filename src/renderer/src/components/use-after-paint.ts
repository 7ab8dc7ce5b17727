import { useEffect, useState } from 'react'

/**
 * Runs `then` once the browser has painted the next frame: rAF runs just before the paint, and a
 * message posted then arrives after it. Returns how to cancel.
 */
function afterNextPaint(then: () => void): () => void {
  let cancelled = false
  const channel = new MessageChannel()
  channel.port1.onmessage = () => {
    if (!cancelled) then()
  }
  const frame = requestAnimationFrame(() => channel.port2.postMessage(null))
  return () => {
    cancelled = true
    cancelAnimationFrame(frame)
    channel.port1.close()
  }
}

/**
 * `value` as it was when the browser last painted: a new value (a new `key`) is handed on only
 * once the render that brought it has been painted. For parts that are slow to draw it (charts),
 * so they do not hold up the frame that shows the figures themselves. Between changes the same
 * object is returned, so a memoised part is not drawn again. Before the first paint it is
 * `beforePaint` when given, else `value` itself.
 */
export function usePaintedValue<T>(value: T, key: string, beforePaint?: T): T {
  const [painted, setPainted] = useState<{ key?: string; value: T }>(
    beforePaint === undefined ? { key, value } : { value: beforePaint }
  )
  useEffect(
    () => (painted.key === key ? undefined : afterNextPaint(() => setPainted({ key, value }))),
    [key, value, painted.key]
  )
  return painted.value
}

/** False in the first render, true once the browser has painted it (charts come a moment later). */
export const useAfterPaint = (): boolean => usePaintedValue(true, 'painted', false)

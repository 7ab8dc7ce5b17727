import { useSyncExternalStore } from 'react'

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)'

function media(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia(REDUCED_MOTION_QUERY)
    : undefined
}

function subscribe(listener: () => void): () => void {
  const list = media()
  list?.addEventListener('change', listener)
  return () => list?.removeEventListener('change', listener)
}

/** True when the system asks for reduced motion: charts then draw without animating. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false
  )
}

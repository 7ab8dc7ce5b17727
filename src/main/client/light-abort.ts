import { EventEmitter } from 'node:events'

/**
 * A cancel the client's own calls and attempts follow. undici takes an EventEmitter as well as an
 * AbortSignal, and an emitter costs far less per request than an AbortController: making the
 * controller's AbortSignal (an EventTarget) and its listeners was the largest single cost of a
 * request's own bookkeeping (bench/client-roundtrip.ts). An AbortSignal is made only on demand.
 */
export class LightAbort extends EventEmitter {
  aborted = false
  reason: unknown = undefined
  private lazySignal: AbortSignal | undefined

  abort(reason?: unknown): void {
    if (this.aborted) return
    this.aborted = true
    this.reason = reason
    this.emit('abort')
  }

  /** The same as an AbortSignal (for APIs that need one, e.g. a sleep), made on first use. */
  get signal(): AbortSignal {
    if (!this.lazySignal) {
      const controller = new AbortController()
      if (this.aborted) controller.abort(this.reason)
      else this.once('abort', () => controller.abort(this.reason))
      this.lazySignal = controller.signal
    }
    return this.lazySignal
  }
}

/** What a call follows: its caller's AbortSignal, or one of the client's own aborts. */
export type CallerSignal = AbortSignal | LightAbort

/** Calls `listener` once when `signal` aborts (see unfollowAbort). */
export function followAbort(signal: CallerSignal, listener: () => void): void {
  // A LightAbort emits once at most: no once-wrapper needed.
  if (signal instanceof LightAbort) signal.on('abort', listener)
  else signal.addEventListener('abort', listener, { once: true })
}

/** Stops calling `listener` (given to followAbort) when `signal` aborts. */
export function unfollowAbort(signal: CallerSignal, listener: () => void): void {
  if (signal instanceof LightAbort) signal.off('abort', listener)
  else signal.removeEventListener('abort', listener)
}

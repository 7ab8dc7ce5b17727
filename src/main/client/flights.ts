import { LightAbort } from './light-abort'

interface Flight<T, E> {
  promise: Promise<T>
  controller: LightAbort
  subscribers: number
  /** The callers still waiting for the run, each told of its events. */
  listeners: Set<(event: E) => void>
}

/**
 * In-flight de-duplication: concurrent calls with the same identity share one run. Each caller
 * can leave early with its own signal (it gets `onCancel()` at once); the shared run is aborted
 * only when every caller has left. `start` must never reject. Events the run emits (e.g. a wait
 * before a retry) reach every caller still waiting for it that passed a listener.
 */
export class FlightGroup<E = never> {
  private readonly flights = new Map<string, Flight<unknown, E>>()

  get size(): number {
    return this.flights.size
  }

  run<T>(
    identity: string,
    start: (signal: LightAbort, emit: (event: E) => void) => Promise<T>,
    signal: AbortSignal | undefined,
    onCancel: () => T,
    listener?: (event: E) => void
  ): Promise<T> {
    if (signal?.aborted) return Promise.resolve(onCancel())
    const flight =
      (this.flights.get(identity) as Flight<T, E> | undefined) ?? this.begin(identity, start)
    flight.subscribers += 1
    // A wrapper per caller, so the same listener passed twice is told twice and removed once.
    const own = listener ? (event: E) => listener(event) : undefined
    if (own) flight.listeners.add(own)
    const leave = (): void => {
      if (own) flight.listeners.delete(own)
    }
    if (!signal) return own ? flight.promise.finally(leave) : flight.promise
    return new Promise<T>((resolve) => {
      const onAbort = (): void => {
        leave()
        flight.subscribers -= 1
        if (flight.subscribers === 0) this.abort(identity, flight)
        resolve(onCancel())
      }
      signal.addEventListener('abort', onAbort, { once: true })
      void flight.promise.then((value) => {
        signal.removeEventListener('abort', onAbort)
        leave()
        resolve(value)
      })
    })
  }

  /** Aborts every run in flight (their callers get what the runs answer when aborted). */
  abortAll(): void {
    for (const [identity, flight] of [...this.flights]) this.abort(identity, flight)
  }

  private begin<T>(
    identity: string,
    start: (signal: LightAbort, emit: (event: E) => void) => Promise<T>
  ): Flight<T, E> {
    const controller = new LightAbort()
    const listeners = new Set<(event: E) => void>()
    const emit = (event: E): void => {
      for (const listener of [...listeners]) {
        try {
          listener(event)
        } catch {
          // one caller's failing listener must not end the run or starve the others
        }
      }
    }
    // Callers' listeners join after this returns: a run emits only after its first await.
    const flight: Flight<T, E> = {
      promise: start(controller, emit),
      controller,
      subscribers: 0,
      listeners
    }
    this.flights.set(identity, flight)
    void flight.promise.finally(() => {
      if (this.flights.get(identity) === flight) this.flights.delete(identity)
    })
    return flight
  }

  private abort(identity: string, flight: Flight<unknown, E>): void {
    if (this.flights.get(identity) === flight) this.flights.delete(identity)
    flight.controller.abort()
  }
}

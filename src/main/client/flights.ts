interface Flight<T> {
  promise: Promise<T>
  controller: AbortController
  callers: number
}

/**
 * In-flight de-duplication: concurrent calls with the same identity share one run. Each caller
 * can leave early with its own signal (it gets `onCancel()` at once); the shared run is aborted
 * only when every caller has left. `start` must never reject.
 */
export class FlightGroup {
  private readonly flights = new Map<string, Flight<unknown>>()

  run<T>(
    identity: string,
    start: (signal: AbortSignal) => Promise<T>,
    signal: AbortSignal | undefined,
    onCancel: () => T
  ): Promise<T> {
    if (signal?.aborted) return Promise.resolve(onCancel())
    const flight =
      (this.flights.get(identity) as Flight<T> | undefined) ?? this.begin(identity, start)
    flight.callers += 1
    if (!signal) return flight.promise
    return new Promise<T>((resolve) => {
      const onAbort = (): void => {
        flight.callers -= 1
        if (flight.callers === 0) this.abort(identity, flight)
        resolve(onCancel())
      }
      signal.addEventListener('abort', onAbort, { once: true })
      void flight.promise.then((value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      })
    })
  }

  /** Aborts every run in flight (their callers get what the runs answer when aborted). */
  abortAll(): void {
    for (const [identity, flight] of [...this.flights]) this.abort(identity, flight)
  }

  private begin<T>(identity: string, start: (signal: AbortSignal) => Promise<T>): Flight<T> {
    const controller = new AbortController()
    const flight: Flight<T> = { promise: start(controller.signal), controller, callers: 0 }
    this.flights.set(identity, flight)
    void flight.promise.finally(() => {
      if (this.flights.get(identity) === flight) this.flights.delete(identity)
    })
    return flight
  }

  private abort(identity: string, flight: Flight<unknown>): void {
    if (this.flights.get(identity) === flight) this.flights.delete(identity)
    flight.controller.abort()
  }
}

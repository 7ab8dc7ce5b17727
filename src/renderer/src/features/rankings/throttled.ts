/**
 * `run` at most once every `everyMs`: a request runs it at once when the last run is that long
 * ago, else once at the end of the wait (however many requests came meanwhile).
 */
export function throttled(run: () => void, everyMs: number, now = () => performance.now()) {
  let last = Number.NEGATIVE_INFINITY
  let timer: ReturnType<typeof setTimeout> | undefined
  const fire = (): void => {
    timer = undefined
    last = now()
    run()
  }
  return {
    request(): void {
      if (timer !== undefined) return
      const wait = last + everyMs - now()
      if (wait <= 0) fire()
      else timer = setTimeout(fire, wait)
    },
    /** Drops a run still waiting. */
    cancel(): void {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
    }
  }
}

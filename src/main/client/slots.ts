/**
 * At most `concurrency` pieces of work at once, the rest waiting in order (what p-limit does).
 * A free slot starts the work straight away, with no extra promise hops: on the per-request path
 * that p-limit's wrapping cost several microseconds a request (bench/client-roundtrip.ts).
 */
export type Limit = <T>(work: () => Promise<T>) => Promise<T>

export function createSlots(concurrency: number): Limit {
  let active = 0
  const waiting: Array<() => void> = []
  let head = 0
  const release = (): void => {
    if (head < waiting.length) {
      // The slot passes straight to the next in line: `active` stays the same.
      const next = waiting[head] as () => void
      waiting[head] = noop
      head += 1
      if (head === waiting.length) waiting.length = head = 0
      next()
    } else {
      active -= 1
    }
  }
  const queued = async <T>(work: () => Promise<T>): Promise<T> => {
    await new Promise<void>((resolve) => waiting.push(resolve))
    return run(work)
  }
  const run = <T>(work: () => Promise<T>): Promise<T> => {
    let running: Promise<T>
    try {
      running = work()
    } catch (error) {
      release()
      return Promise.reject(error as Error)
    }
    return running.then(
      (value) => {
        release()
        return value
      },
      (error: unknown) => {
        release()
        throw error
      }
    )
  }
  return <T>(work: () => Promise<T>): Promise<T> => {
    if (active >= concurrency) return queued(work)
    active += 1
    return run(work)
  }
}

function noop(): void {}

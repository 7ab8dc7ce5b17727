/** What a walk found: one line per check, in order, with what was seen when it failed. */
export interface Check {
  step: string
  name: string
  ok: boolean
  detail?: string
}

export interface WalkReport {
  checks: Check[]
  /** Unhandled rejections and uncaught exceptions, in the order they happened. */
  unhandled: string[]
}

export interface Recorder {
  readonly report: WalkReport
  /** Records a check of `step`; returns `ok` so a step can stop when what follows needs it. */
  check(name: string, ok: boolean, detail?: unknown): boolean
  /** Checks made after this belong to `step`. */
  step(step: string): void
}

export function describe(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`
  if (typeof value === 'string') return value
  try {
    const errorsAsText = (_key: string, field: unknown) =>
      field instanceof Error ? `${field.name}: ${field.message}` : field
    return JSON.stringify(value, errorsAsText)?.slice(0, 600) ?? String(value)
  } catch {
    return String(value)
  }
}

export function createRecorder(): Recorder {
  const report: WalkReport = { checks: [], unhandled: [] }
  let current = 'start'
  return {
    report,
    check(name, ok, detail) {
      report.checks.push({
        step: current,
        name,
        ok,
        ...(ok || detail === undefined ? {} : { detail: describe(detail) })
      })
      return ok
    },
    step(step) {
      current = step
    }
  }
}

/** `work`, or a rejection naming `what` once `ms` have passed; leaves no timer behind. */
export async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([work, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** Resolves once `condition()` holds, looking every 10 ms; rejects after `ms`. */
export async function until(ms: number, what: string, condition: () => boolean): Promise<void> {
  const deadline = performance.now() + ms
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`${what}: not after ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

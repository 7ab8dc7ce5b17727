/**
 * Batch lookups: items run through the service client (at most `concurrency` at once), each gets
 * its own Result, progress (with each finished item's Result) is reported as items finish, a few
 * times a second at most (./batch-progress.ts), and a cancel
 * turns the rest CANCELLED. Once an item is refused (rate limited, key refused, not configured),
 * no item not yet started, of this batch or of any other running, is sent: each answers
 * with the refusal's own code and a message saying it was not sent (a held RATE_LIMITED item
 * keeps the service's Retry-After), so a batch costs no more requests than single lookups would.
 */
import { setMaxListeners } from 'node:events'
import pLimit from 'p-limit'
import type { OnRetryWait, ServiceClient } from '../client'
import type {
  BatchLookupOutput,
  BatchProgressEvent,
  LookupRequest,
  LookupResult
} from '@shared/contract'
import type { ParsedInput } from '@shared/operations'
import { BATCH_REFUSAL_CODES } from '@shared/batch-item'
import { ERRORS } from '@shared/errors/catalogue'
import { failure, ok } from '@shared/result'
import type { AppError, Result } from '@shared/result'
import type { AppLogger } from '../logging/logger'
import { createProgressStream } from './batch-progress'
import type { Connection } from './connection'
import { connectionKey } from './status-tracker'
import type { StatusTracker } from './status-tracker'

export interface BatchRunnerDeps {
  /** Runs work with the connection for the current settings (see ConnectionManager.use). */
  use<T>(work: (acquired: Result<Connection>) => Promise<T>): Promise<T>
  tracker: StatusTracker
  concurrency: number
  logger: AppLogger
  emitBatchProgress?: ((event: BatchProgressEvent) => void) | undefined
  /** Receives each wait before a retry of an item the renderer named with a requestId. */
  emitItemWait?: ((requestId: string, wait: Parameters<OnRetryWait>[0]) => void) | undefined
  /** Waits `ms` or until `signal` aborts (tests pass their own). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
}

/** The shortest pause after a final rate limit (Retry-After 0 or absent must not spin). */
export const RATE_LIMIT_PAUSE_MIN_MS = 1_000
/** A longer Retry-After than this stops the batch instead of holding it. */
export const RATE_LIMIT_PAUSE_MAX_MS = 30_000

function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}

export interface BatchRunner {
  run(input: ParsedInput<'batchLookup'>): Promise<Result<BatchLookupOutput>>
  cancel(batchId: string): boolean
}

function cancelledResult(): LookupResult {
  return failure(ERRORS.batchItemCancelled())
}

/** An item not sent because an earlier one was refused: the refusal's code, saying why. */
function notSentResult(refusal: AppError): LookupResult {
  return failure({
    ...ERRORS.batchItemNotSent(refusal),
    ...(refusal.retryAfterMs === undefined ? {} : { retryAfterMs: refusal.retryAfterMs })
  })
}

/** The item as its operation's query: its kind and request id are never passed on. */
function lookup(
  client: ServiceClient,
  item: LookupRequest,
  signal: AbortSignal,
  onWait: OnRetryWait
) {
  switch (item.kind) {
    case 'residentialPrice': {
      const { kind: _kind, requestId: _id, ...query } = item
      return client.getResidentialPrice(query, signal, onWait)
    }
    case 'landPrice': {
      const { kind: _kind, requestId: _id, ...query } = item
      return client.getLandPrice(query, signal, onWait)
    }
    case 'growth': {
      const { kind: _kind, requestId: _id, ...query } = item
      return client.getGrowth(query, signal, onWait)
    }
  }
}

/** A running batch: its cancel, and the refusal that stops it sending, once there is one. */
interface RunningBatch {
  controller: AbortController
  refusal?: AppError
  /** Items that ended rate limited in a row (any other answer resets it). */
  limitedInARow: number
  /** No item starts before this time (performance.now(): a clock change cannot stretch a hold). */
  pausedUntil: number
}

/** How long a final rate limit holds the batch, or undefined when it should stop it. */
function pauseFor(error: AppError): number | undefined {
  const asked = error.retryAfterMs ?? 0
  if (asked > RATE_LIMIT_PAUSE_MAX_MS) return undefined
  return Math.max(asked, RATE_LIMIT_PAUSE_MIN_MS)
}

export function createBatchRunner(deps: BatchRunnerDeps): BatchRunner {
  const running = new Map<string, RunningBatch>()
  const sleep = deps.sleep ?? sleepUnlessAborted
  const concurrency = Math.max(1, deps.concurrency)

  /** The service said stop: every running batch sends nothing more. */
  const refuse = (error: AppError): void => {
    for (const batch of running.values()) batch.refusal ??= error
  }

  const emit = (event: BatchProgressEvent): void => {
    try {
      deps.emitBatchProgress?.(event)
    } catch {
      deps.logger.warn('batch progress could not be delivered', { batchId: event.batchId })
    }
  }

  const runItems = async (
    { client, ...connection }: Connection,
    input: ParsedInput<'batchLookup'>,
    batch: RunningBatch
  ): Promise<LookupResult[]> => {
    const signal = batch.controller.signal
    const limit = pLimit(concurrency)
    const progress = createProgressStream(input.batchId, input.items.length, emit)
    const key = connectionKey(connection)
    // The status bar says the service is rate limiting while a batch item waits for it too.
    const onWaitOf =
      (requestId: string | undefined): OnRetryWait =>
      (wait) => {
        deps.tracker.noteWait(wait, key)
        if (requestId !== undefined) deps.emitItemWait?.(requestId, wait)
      }
    /** Holds or stops the batch after an answer that says the service will not serve more. */
    const heed = (result: LookupResult): void => {
      if (result.ok || !BATCH_REFUSAL_CODES.has(result.error.code)) {
        batch.limitedInARow = 0
        return
      }
      if (batch.refusal) return
      const pause = result.error.code === 'RATE_LIMITED' ? pauseFor(result.error) : undefined
      batch.limitedInARow += 1
      if (pause === undefined || batch.limitedInARow >= concurrency) refuse(result.error)
      else batch.pausedUntil = Math.max(batch.pausedUntil, performance.now() + pause)
    }
    const answer = async (item: LookupRequest): Promise<LookupResult> => {
      const wait = batch.pausedUntil - performance.now()
      if (wait > 0 && !signal.aborted && !batch.refusal) await sleep(wait, signal)
      if (signal.aborted) return cancelledResult()
      if (batch.refusal) return notSentResult(batch.refusal)
      return lookup(client, item, signal, onWaitOf(item.requestId))
    }
    const results = await Promise.all(
      input.items.map((item, index) =>
        limit(async (): Promise<LookupResult> => {
          const result = await answer(item)
          heed(result)
          deps.tracker.record(result, key)
          progress.add(index, result)
          return result
        })
      )
    )
    // Every item's progress is out before the reply.
    progress.end()
    return results
  }

  return {
    async run(input) {
      if (running.has(input.batchId)) {
        return failure(ERRORS.batchRunning(input.batchId))
      }
      const controller = new AbortController()
      // One abort listener per item in flight, many more queued: not a leak.
      setMaxListeners(input.items.length + 16, controller.signal)
      const batch: RunningBatch = { controller, limitedInARow: 0, pausedUntil: 0 }
      running.set(input.batchId, batch)
      try {
        return await deps.use(async (connection) => {
          if (!connection.ok) {
            deps.tracker.record(connection)
            return connection
          }
          const results = await runItems(connection.data, input, batch)
          const cancelled = controller.signal.aborted
          deps.logger.info('batch finished', {
            batchId: input.batchId,
            total: results.length,
            cancelled
          })
          return ok({ batchId: input.batchId, results, cancelled })
        })
      } finally {
        running.delete(input.batchId)
      }
    },
    cancel(batchId) {
      const batch = running.get(batchId)
      if (!batch) return false
      batch.controller.abort()
      return true
    }
  }
}

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
}

export function createBatchRunner(deps: BatchRunnerDeps): BatchRunner {
  const running = new Map<string, RunningBatch>()

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
    const limit = pLimit(deps.concurrency)
    const progress = createProgressStream(input.batchId, input.items.length, emit)
    const key = connectionKey(connection)
    // The status bar says the service is rate limiting while a batch item waits for it too.
    const onWaitOf =
      (requestId: string | undefined): OnRetryWait =>
      (wait) => {
        deps.tracker.noteWait(wait, key)
        if (requestId !== undefined) deps.emitItemWait?.(requestId, wait)
      }
    const results = await Promise.all(
      input.items.map((item, index) =>
        limit(async (): Promise<LookupResult> => {
          const result = signal.aborted
            ? cancelledResult()
            : batch.refusal
              ? notSentResult(batch.refusal)
              : await lookup(client, item, signal, onWaitOf(item.requestId))
          if (!result.ok && !batch.refusal && BATCH_REFUSAL_CODES.has(result.error.code)) {
            refuse(result.error)
          }
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
      const batch: RunningBatch = { controller }
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

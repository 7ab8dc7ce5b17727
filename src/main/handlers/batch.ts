/**
 * Batch lookups: items run through the service client (at most `concurrency` at once), each gets
 * its own Result, progress is reported after every item, and a cancel turns the rest CANCELLED.
 * Once an item answers RATE_LIMITED, the items not started yet are not sent: they answer
 * RATE_LIMITED too (as the renderer's gate holds single lookups), so a batch costs no more
 * requests against a limiting service than the same lookups sent one by one.
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
import { ERRORS } from '@shared/errors/catalogue'
import { failure, ok } from '@shared/result'
import type { AppError, Result } from '@shared/result'
import type { AppLogger } from '../logging/logger'
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

/** An item not sent because an earlier one was rate limited: the same error, not retried. */
function heldResult(limited: AppError): LookupResult {
  return failure({ ...ERRORS.rateLimitHeld(), ...limitedFields(limited) })
}

function limitedFields(error: AppError): Partial<AppError> {
  return {
    message: error.message,
    ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
    ...(error.status === undefined ? {} : { status: error.status })
  }
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

export function createBatchRunner(deps: BatchRunnerDeps): BatchRunner {
  const running = new Map<string, AbortController>()

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
    signal: AbortSignal
  ): Promise<LookupResult[]> => {
    const limit = pLimit(deps.concurrency)
    const total = input.items.length
    let done = 0
    const key = connectionKey(connection)
    let limited: AppError | undefined
    // The status bar says the service is rate limiting while a batch item waits for it too.
    const onWaitOf =
      (requestId: string | undefined): OnRetryWait =>
      (wait) => {
        deps.tracker.noteWait(wait, key)
        if (requestId !== undefined) deps.emitItemWait?.(requestId, wait)
      }
    const answer = async (item: LookupRequest): Promise<LookupResult> => {
      if (signal.aborted) return cancelledResult()
      if (limited) return heldResult(limited)
      const result = await lookup(client, item, signal, onWaitOf(item.requestId))
      if (!result.ok && result.error.code === 'RATE_LIMITED') limited ??= result.error
      return result
    }
    return Promise.all(
      input.items.map((item) =>
        limit(async (): Promise<LookupResult> => {
          const result = await answer(item)
          deps.tracker.record(result, key)
          done += 1
          emit({ batchId: input.batchId, done, total })
          return result
        })
      )
    )
  }

  return {
    async run(input) {
      if (running.has(input.batchId)) {
        return failure(ERRORS.batchRunning(input.batchId))
      }
      const controller = new AbortController()
      // One abort listener per item in flight, many more queued: not a leak.
      setMaxListeners(input.items.length + 16, controller.signal)
      running.set(input.batchId, controller)
      try {
        return await deps.use(async (connection) => {
          if (!connection.ok) {
            deps.tracker.record(connection)
            return connection
          }
          const results = await runItems(connection.data, input, controller.signal)
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
      const controller = running.get(batchId)
      if (!controller) return false
      controller.abort()
      return true
    }
  }
}

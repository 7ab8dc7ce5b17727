/**
 * Batch lookups: items run through the service client (at most `concurrency` at once), each gets
 * its own Result, progress is reported after every item, and a cancel turns the rest CANCELLED.
 */
import { setMaxListeners } from 'node:events'
import pLimit from 'p-limit'
import type { ServiceClient } from '../client'
import { GrowthInput } from '@shared/contract'
import type {
  BatchLookupOutput,
  BatchProgressEvent,
  LookupRequest,
  LookupResult,
  ParsedInput
} from '@shared/contract'
import { err, ok } from '@shared/result'
import type { Result } from '@shared/result'
import { formatInputIssues } from '../ipc/input-issues'
import type { AppLogger } from '../logging/logger'
import type { Connection } from './connection'
import { connectionKey } from './status-tracker'
import type { StatusTracker } from './status-tracker'

export interface BatchRunnerDeps {
  acquire(): Promise<Result<Connection>>
  tracker: StatusTracker
  concurrency: number
  logger: AppLogger
  emitBatchProgress?: ((event: BatchProgressEvent) => void) | undefined
}

export interface BatchRunner {
  run(input: ParsedInput<'batchLookup'>): Promise<Result<BatchLookupOutput>>
  cancel(batchId: string): boolean
}

function cancelledResult(): LookupResult {
  return err('CANCELLED', 'The batch was cancelled before this lookup ran.')
}

function lookup(client: ServiceClient, item: LookupRequest, signal: AbortSignal) {
  switch (item.kind) {
    case 'residentialPrice': {
      const { kind: _kind, ...query } = item
      return client.getResidentialPrice(query, signal)
    }
    case 'landPrice': {
      const { kind: _kind, ...query } = item
      return client.getLandPrice(query, signal)
    }
    case 'growth': {
      const { kind: _kind, ...query } = item
      const parsed = GrowthInput.safeParse(query)
      if (!parsed.success) {
        return Promise.resolve(err('INVALID_INPUT', formatInputIssues(parsed.error.issues).message))
      }
      return client.getGrowth(parsed.data, signal)
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
    return Promise.all(
      input.items.map((item) =>
        limit(async (): Promise<LookupResult> => {
          const result = signal.aborted ? cancelledResult() : await lookup(client, item, signal)
          deps.tracker.record(result, connectionKey(connection))
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
        return err(
          'INVALID_INPUT',
          `A batch with id "${input.batchId}" is already running. Cancel it or use a new id.`
        )
      }
      const controller = new AbortController()
      // One abort listener per item in flight, many more queued: not a leak.
      setMaxListeners(input.items.length + 16, controller.signal)
      running.set(input.batchId, controller)
      try {
        const connection = await deps.acquire()
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

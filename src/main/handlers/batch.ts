/**
 * Batch lookups: each item is a call of the service client, so the quota guard decides for items
 * exactly as for single lookups (send, wait, or answer "not sent"). Each finished item's Result
 * goes out in a progress event, a few times a second at most (./batch-progress.ts), and main
 * keeps none of them; only where nothing streams progress (the CLI, tests) does the reply carry
 * them. A cancel ends the waits of items in the client and answers the items not started
 * CANCELLED.
 */
import { setMaxListeners } from 'node:events'
import pLimit from 'p-limit'
import type { ServiceClient } from '../client/client'
import type {
  BatchLookupOutput,
  BatchProgressEvent,
  LookupRequest,
  LookupResult
} from '@shared/contract'
import type { ParsedInput } from '@shared/operations'
import { ERRORS } from '@shared/errors/catalogue'
import { failure, ok } from '@shared/result'
import type { Result } from '@shared/result'
import type { AppLogger } from '../logging/logger'
import { createProgressStream } from './batch-progress'

const OPERATIONS = {
  residentialPrice: 'getResidentialPrice',
  growth: 'getGrowth',
  landPrice: 'getLandPrice'
} as const satisfies Record<LookupRequest['kind'], keyof ServiceClient>

/** The item's lookup. The client reads only its operation's parameters: `kind` is not sent. */
type ItemLookup = (input: LookupRequest, signal: AbortSignal) => Promise<LookupResult>

export function createBatchRunner(deps: {
  /** Runs work with the connection for the current settings (see ConnectionManager.use). */
  use<T>(work: (acquired: Result<ServiceClient>) => Promise<T>): Promise<T>
  /**
   * Items handed to the client at once: the guard limits what is sent, this keeps a large batch
   * from queueing all its items ahead of the single lookups a screen makes meanwhile.
   */
  concurrency: number
  logger: AppLogger
  emitBatchProgress?: ((event: BatchProgressEvent) => void) | undefined
}) {
  const running = new Map<string, AbortController>()
  const concurrency = Math.max(1, deps.concurrency)
  const emitProgress = deps.emitBatchProgress

  const emit = (event: BatchProgressEvent): void => {
    try {
      emitProgress?.(event)
    } catch {
      deps.logger.warn('batch progress could not be delivered', { batchId: event.batchId })
    }
  }

  /** Every item's Result, in item order, when the reply carries them (no progress emitter). */
  const runItems = async (
    client: ServiceClient,
    input: ParsedInput<'batchLookup'>,
    signal: AbortSignal
  ): Promise<LookupResult[] | undefined> => {
    const limit = pLimit(concurrency)
    const progress = createProgressStream(input.batchId, input.items.length, emit)
    const kept: LookupResult[] | undefined = emitProgress ? undefined : []
    await Promise.all(
      input.items.map((item, index) =>
        limit(async () => {
          const result = signal.aborted
            ? failure(ERRORS.batchItemCancelled())
            : await (client[OPERATIONS[item.kind]] as ItemLookup)(item, signal)
          if (kept) kept[index] = result
          else progress.add(index, result)
        })
      )
    )
    // Every item's progress is out before the reply.
    progress.end()
    return kept
  }

  return {
    async run(input: ParsedInput<'batchLookup'>): Promise<Result<BatchLookupOutput>> {
      const { batchId } = input
      if (running.has(batchId)) return failure(ERRORS.batchRunning(batchId))
      const controller = new AbortController()
      // One abort listener per item in the client at once (and a few of its own): not a leak.
      setMaxListeners(concurrency * 4 + 16, controller.signal)
      running.set(batchId, controller)
      try {
        return await deps.use(async (client) => {
          if (!client.ok) return client
          const results = await runItems(client.data, input, controller.signal)
          const cancelled = controller.signal.aborted
          deps.logger.info('batch finished', { batchId, total: input.items.length, cancelled })
          return ok({ batchId, ...(results ? { results } : {}), cancelled })
        })
      } finally {
        running.delete(batchId)
      }
    },
    /** Cancels a running batch; false when there is none of that id. */
    cancel(batchId: string): boolean {
      const controller = running.get(batchId)
      controller?.abort()
      return controller !== undefined
    }
  }
}

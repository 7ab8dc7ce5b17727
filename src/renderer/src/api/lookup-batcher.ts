/**
 * One IPC call per screen instead of one per figure: the lookups started in the same task (a
 * screen's queries all start in one commit) leave together in one `batchLookup`, which main runs
 * at its own concurrency, keeping the connection busy. Each lookup still resolves with its own
 * Result, as the single call would answer it, so the queries behave exactly as before.
 *
 *  - Each item is named with a request id, so main's waits before a retry show on the screen
 *    (service-waits.ts) as for a single lookup.
 *  - While the service is limiting (the gate holds calls, or lets one go first), lookups go one
 *    by one through the gate as before: a batch would send several requests at once.
 *  - A query whose signal aborts stops waiting at once (CANCELLED); when every lookup of a call
 *    has stopped waiting, the call is cancelled in main.
 */
import { MAX_BATCH_ITEMS } from '@shared/contract'
import type { LookupRequest, LookupResult } from '@shared/contract'
import type { LookupParams, MarketApi, OperationOutput } from '@shared/operations'
import { err } from '@shared/result'
import type { Result } from '@shared/result'
import { callCancellable, newRequestId } from './cancellable-call'
import { callMarket, unwrapWithMeta } from './market-result'
import type { MarketData } from './market-result'
import { cacheName, lookupKey } from './query-keys'
import type { ServiceWaits } from './service-waits'

/** The lookups a batch item can be: every single lookup but the locations list. */
export type BatchableOperation = 'getResidentialPrice' | 'getGrowth' | 'getLandPrice'

export interface LookupBatcher {
  /** Resolves with the lookup's own Result (or rejects as the IPC call would). */
  lookup<K extends BatchableOperation>(
    operation: K,
    params: LookupParams<K>,
    signal?: AbortSignal
  ): Promise<Result<OperationOutput<K>>>
}

export interface LookupBatcherDeps {
  /** `window.market` behind the rate-limit gate. */
  market: MarketApi
  waits: Pick<ServiceWaits, 'track'>
  /** True while the service is limiting: lookups then go one by one (see the gate). */
  limiting: () => boolean
  /** Items per call at most (default and ceiling: the contract's MAX_BATCH_ITEMS). */
  maxItems?: number
  /** Runs `flush` once the current task is done (default: a zero-delay timeout). */
  schedule?: (flush: () => void) => void
}

const NOT_RUN = 'Not looked up: the batch was cancelled.'
const STOPPED = 'The request was cancelled.'

interface Waiting {
  operation: BatchableOperation
  params: LookupParams<BatchableOperation>
  signal: AbortSignal | undefined
  answer: (result: Result<unknown>) => void
  fail: (error: unknown) => void
}

/** One lookup in a call: answered at most once, by the call or by its own abort. */
interface Member extends Waiting {
  requestId: string
  settled: boolean
}

function requestOf(member: Member): LookupRequest {
  const input = lookupKey(member.operation, member.params)[2]
  return {
    ...input,
    kind: cacheName(member.operation),
    requestId: member.requestId
  } as LookupRequest
}

function createBatchId(): string {
  return `lookups-${newRequestId()}`
}

export function createLookupBatcher(deps: LookupBatcherDeps): LookupBatcher {
  const maxItems = Math.min(deps.maxItems ?? MAX_BATCH_ITEMS, MAX_BATCH_ITEMS)
  const schedule = deps.schedule ?? ((flush: () => void) => void setTimeout(flush, 0))
  let queue: Waiting[] = []

  /** As the single lookup goes today: one IPC call through the gate, cancellable. */
  function sendAlone(waiting: Waiting): void {
    const call = deps.market[waiting.operation] as (input: object) => Promise<Result<unknown>>
    const input = lookupKey(waiting.operation, waiting.params)[2]
    callCancellable(deps.market, waiting.signal, (requestId) =>
      call({ ...input, ...(requestId ? { requestId } : {}) })
    ).then(waiting.answer, waiting.fail)
  }

  function sendBatch(members: Member[]): void {
    const batchId = createBatchId()
    const untrack = members.map((member) =>
      deps.waits.track(member.requestId, lookupKey(member.operation, member.params))
    )
    const settle = (member: Member, index: number, result: Result<unknown>): void => {
      if (member.settled) return
      member.settled = true
      untrack[index]?.()
      member.answer(result)
    }
    const onAbort = (member: Member, index: number) => (): void => {
      settle(member, index, err('CANCELLED', STOPPED))
      if (members.every((other) => other.settled)) {
        deps.market.cancelBatch({ batchId }).catch(() => undefined)
      }
    }
    const stopListening = members.map((member, index) => {
      const listener = onAbort(member, index)
      member.signal?.addEventListener('abort', listener, { once: true })
      return () => member.signal?.removeEventListener('abort', listener)
    })
    const done = (): void => {
      stopListening.forEach((stop) => stop())
      untrack.forEach((stop) => stop())
    }
    deps.market.batchLookup({ batchId, items: members.map(requestOf) }).then(
      (result) => {
        done()
        members.forEach((member, index) => {
          const item: LookupResult | Result<never> = result.ok
            ? (result.data.results[index] ?? err('CANCELLED', NOT_RUN))
            : result
          settle(member, index, item)
        })
      },
      (error: unknown) => {
        done()
        for (const member of members) {
          if (member.settled) continue
          member.settled = true
          member.fail(error)
        }
      }
    )
  }

  function flush(): void {
    const waiting = queue
    queue = []
    const live = waiting.filter((entry) => {
      if (!entry.signal?.aborted) return true
      entry.answer(err('CANCELLED', 'The request was cancelled before it was sent.'))
      return false
    })
    if (live.length === 0) return
    if (deps.limiting()) {
      live.forEach(sendAlone)
      return
    }
    for (let start = 0; start < live.length; start += maxItems) {
      const members = live
        .slice(start, start + maxItems)
        .map((entry) => ({ ...entry, requestId: newRequestId(), settled: false }))
      sendBatch(members)
    }
  }

  return {
    lookup<K extends BatchableOperation>(
      operation: K,
      params: LookupParams<K>,
      signal?: AbortSignal
    ): Promise<Result<OperationOutput<K>>> {
      return new Promise((resolve, reject) => {
        if (queue.length === 0) schedule(flush)
        queue.push({
          operation,
          params: params as LookupParams<BatchableOperation>,
          signal,
          answer: resolve as (result: Result<unknown>) => void,
          fail: reject
        })
      })
    }
  }
}

/** A lookup through the batcher, as a query's data (what fetchLookup answers for a single call). */
export function fetchBatchedLookup<K extends BatchableOperation>(
  batcher: LookupBatcher,
  operation: K,
  params: LookupParams<K>,
  signal?: AbortSignal
): Promise<MarketData<OperationOutput<K>>> {
  return callMarket(() => batcher.lookup(operation, params, signal), unwrapWithMeta)
}

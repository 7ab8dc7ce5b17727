/**
 * How figure lookups travel to main: batching is a transport detail under the query functions.
 * The lookups started in the same task (a screen's queries start in one commit; a rankings fetch
 * starts all its queries in one loop) leave together in one `batchLookup` call, at most
 * MAX_BATCH_ITEMS each. Main streams each item's Result in its progress events as it finishes;
 * each lookup resolves with its own Result, as the single call would answer it, so every query
 * lands in its own cache entry. A query whose signal aborts answers CANCELLED at once, and when
 * every lookup of a call has, the call is cancelled in main.
 *
 * Nothing here waits, retries or limits: main's quota guard decides what is sent and when.
 */
import { parseBatchItemResult } from '@shared/batch-item'
import { MAX_BATCH_ITEMS } from '@shared/contract'
import type { BatchProgressEvent, LookupRequest, LookupResult } from '@shared/contract'
import { lookupKey } from '@shared/figures/identity'
import type { MarketApi } from '@shared/operations'
import { err } from '@shared/result'
import type { Result } from '@shared/result'

interface Member {
  request: LookupRequest
  signal: AbortSignal | undefined
  settled: boolean
  answer: (result: LookupResult) => void
  fail: (error: unknown) => void
}

type Lookup = (request: LookupRequest, signal: AbortSignal | undefined) => Promise<LookupResult>

const NOT_ANSWERED = 'Not looked up: the batch ended before this lookup was answered.'
const UNREADABLE = 'The app received an answer for this lookup that it could not read.'

/** Runs `flush` once the current task is done. */
type Schedule = (flush: () => void) => void
const afterThisTask: Schedule = (flush) => void setTimeout(flush, 0)

/** A batch item as main takes it: the lookup's own parameters, as its cache key holds them. */
function itemOf(request: LookupRequest): LookupRequest {
  return { kind: request.kind, ...lookupKey(request)[2] } as LookupRequest
}

/** Unique across reloads that share a main process. */
const newBatchId = (): string => `lookups-${crypto.randomUUID()}`

function createBatcher(market: MarketApi, schedule: Schedule) {
  let queue: Member[] = []
  const running = new Map<string, Member[]>()

  // A promise settles once: an answer after the first (a late progress event) changes nothing.
  const settle = (member: Member, result: LookupResult): void => {
    member.settled = true
    member.answer(result)
  }

  market.onBatchProgress((event: BatchProgressEvent) => {
    const members = running.get(event.batchId)
    for (const item of members ? (event.items ?? []) : []) {
      const member = members?.[item.index]
      if (!member) continue
      settle(
        member,
        parseBatchItemResult(member.request, item.result) ?? err('BAD_RESPONSE', UNREADABLE)
      )
    }
  })

  function send(members: Member[]): void {
    const batchId = newBatchId()
    running.set(batchId, members)
    const stopListening = members.map((member) => {
      const onAbort = (): void => {
        settle(member, err('CANCELLED', 'The request was cancelled.'))
        if (members.every((other) => other.settled)) {
          market.cancelBatch({ batchId }).catch(() => undefined)
        }
      }
      member.signal?.addEventListener('abort', onAbort, { once: true })
      return () => member.signal?.removeEventListener('abort', onAbort)
    })
    const done = (): void => {
      running.delete(batchId)
      stopListening.forEach((stop) => stop())
    }
    market.batchLookup({ batchId, items: members.map((member) => itemOf(member.request)) }).then(
      (reply: Result<{ results?: LookupResult[] }>) => {
        done()
        members.forEach((member, index) => {
          if (!reply.ok) return settle(member, reply)
          // Only where nothing streams (Node tests) does the reply carry the Results.
          const carried = reply.data.results?.[index]
          const result = carried && parseBatchItemResult(member.request, carried)
          settle(member, result ?? err('CANCELLED', NOT_ANSWERED))
        })
      },
      (error: unknown) => {
        done()
        members.forEach((member) => member.fail(error))
      }
    )
  }

  /** Sends the queued lookups now rather than once this task is done. */
  function flush(): void {
    const live = queue.filter((member) => {
      if (member.signal?.aborted) settle(member, err('CANCELLED', 'The request was cancelled.'))
      return !member.settled
    })
    queue = []
    for (let start = 0; start < live.length; start += MAX_BATCH_ITEMS) {
      send(live.slice(start, start + MAX_BATCH_ITEMS))
    }
  }

  const lookup: Lookup = (request, signal) =>
    new Promise((answer, fail) => {
      if (queue.length === 0) schedule(flush)
      queue.push({ request, signal, settled: false, answer, fail })
    })
  return { lookup, flush }
}

const batchers = new WeakMap<MarketApi, ReturnType<typeof createBatcher>>()

/**
 * One figure lookup, batched with the others started in this task. Resolves with the lookup's
 * own Result (or rejects as the IPC call would).
 */
export function fetchFigure(
  market: MarketApi,
  request: LookupRequest,
  signal?: AbortSignal,
  schedule: Schedule = afterThisTask
): Promise<LookupResult> {
  let batcher = batchers.get(market)
  if (!batcher) batchers.set(market, (batcher = createBatcher(market, schedule)))
  return batcher.lookup(request, signal)
}

/**
 * Sends the lookups started so far in this task now: for a screen that starts its queries while
 * it renders, so they leave before the rest of the screen is laid out and painted.
 */
export const sendStartedLookups = (market: MarketApi): void => batchers.get(market)?.flush()

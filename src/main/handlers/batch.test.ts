import { describe, expect, it } from 'vitest'
import type { LookupRequest } from '@shared/contract'
import { ok } from '@shared/result'
import type { Result } from '@shared/result'
import type { OnRetryWait, ServiceClient } from '../client'
import { silentLogger } from '../logging/logger'
import { createBatchRunner } from './batch'
import { createStatusTracker } from './status-tracker'

const LIMITED: Result<never> = {
  ok: false,
  error: {
    code: 'RATE_LIMITED',
    message: 'The service is limiting requests (HTTP 429).',
    retryAfterMs: 5_000,
    status: 429
  }
}

function price(beds: string, requestId?: string): LookupRequest {
  return {
    kind: 'residentialPrice',
    location: 'lekki-phase-1',
    countryCode: 'NG',
    type: 'rent',
    beds,
    ...(requestId ? { requestId } : {})
  }
}

/** A client whose residential prices answer `answer(beds)`, recording what was sent. */
function stubClient(answer: (beds: string, onWait: OnRetryWait) => Result<unknown>) {
  const sent: unknown[] = []
  const client = {
    getResidentialPrice: async (
      query: { beds: string },
      _signal: AbortSignal,
      onWait: OnRetryWait
    ) => {
      sent.push(query)
      return answer(query.beds, onWait)
    }
  } as unknown as ServiceClient
  return { client, sent }
}

function runnerFor(client: ServiceClient, concurrency: number) {
  const waits: Array<{ requestId: string; delayMs: number }> = []
  const runner = createBatchRunner({
    use: (work) => work(ok({ client, mode: 'remote', baseUrl: 'https://example.test' })),
    tracker: createStatusTracker(() => new Date()),
    concurrency,
    logger: silentLogger,
    emitItemWait: (requestId, wait) => waits.push({ requestId, delayMs: wait.delayMs })
  })
  return { runner, waits }
}

describe('batch runner', () => {
  it('sends nothing more once an item is rate limited: the rest answer RATE_LIMITED unsent', async () => {
    const { client, sent } = stubClient((beds) =>
      beds === '2' ? LIMITED : ok({ price: Number(beds), currency: 'NGN' })
    )
    const { runner } = runnerFor(client, 1)
    const items = ['1', '2', '3', '4'].map((beds) => price(beds))
    const result = await runner.run({ batchId: 'b', items })
    if (!result.ok) throw new Error(result.error.message)
    expect(sent).toHaveLength(2)
    expect(result.data.results.map((item) => (item.ok ? 'ok' : item.error.code))).toEqual([
      'ok',
      'RATE_LIMITED',
      'RATE_LIMITED',
      'RATE_LIMITED'
    ])
    const held = result.data.results[3]
    expect(held?.ok === false && held.error).toMatchObject({
      message: LIMITED.ok ? '' : LIMITED.error.message,
      retryAfterMs: 5_000,
      status: 429
    })
  })

  it('an item named with a requestId reports its waits under that id; the id is not sent', async () => {
    const { client, sent } = stubClient((beds, onWait) => {
      onWait({ reason: 'rate-limited', delayMs: 1_500, nextAttempt: 2, maxAttempts: 3 })
      return ok({ price: Number(beds), currency: 'NGN' })
    })
    const { runner, waits } = runnerFor(client, 6)
    const result = await runner.run({ batchId: 'b', items: [price('1', 'r-one'), price('2')] })
    expect(result.ok).toBe(true)
    expect(waits).toEqual([{ requestId: 'r-one', delayMs: 1_500 }])
    expect(sent).toEqual([
      { location: 'lekki-phase-1', countryCode: 'NG', type: 'rent', beds: '1' },
      { location: 'lekki-phase-1', countryCode: 'NG', type: 'rent', beds: '2' }
    ])
  })
})

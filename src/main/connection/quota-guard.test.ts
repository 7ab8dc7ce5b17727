/**
 * The quota guard's rule table (docs/architecture.md, "The quota guard"), row by row, against a
 * scripted service on fake timers: every test counts the requests sent, not only the answers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ServiceState } from '@shared/contract'
import type { AppError, ErrorCode, Result } from '@shared/result'
import { createQuotaGuard, MAX_PAUSE_MS } from './quota-guard'
import type { Attempt, QuotaGuard } from './quota-guard'

/** How long the scripted service takes to answer. */
const LATENCY_MS = 10

type Answer = Result<string>
const OK: Answer = { ok: true, data: 'figure' }
const fail = (code: ErrorCode, retryAfterMs?: number): Answer => ({
  ok: false,
  error: {
    code,
    message: `service said ${code}`,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs })
  }
})
const LIMITED = (retryAfterMs?: number) => fail('RATE_LIMITED', retryAfterMs)
const FAILING = fail('SERVER')

/** A service answering from a script (its last answer for ever), recording every request. */
function scriptedService(...script: Answer[]) {
  const sentAt: number[] = []
  const attempt: Attempt<string> = () => {
    const answer = script[Math.min(sentAt.length, script.length - 1)] as Answer
    sentAt.push(performance.now())
    return new Promise((resolve) => setTimeout(() => resolve(answer), LATENCY_MS))
  }
  return {
    attempt,
    sentAt,
    get requests() {
      return sentAt.length
    }
  }
}

/** A sleep on the (fake) global timers that ends early when its signal aborts. */
function timerSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}

let states: ServiceState[]
let guard: QuotaGuard

function makeGuard(concurrency = 6): QuotaGuard {
  guard = createQuotaGuard({
    concurrency,
    sleep: timerSleep,
    random: () => 0.5,
    wallClock: () => new Date(Date.now()),
    onChange: (state) => states.push(state)
  })
  return guard
}

const never = new AbortController().signal
const codeOf = (result: Result<unknown>) => (result.ok ? 'ok' : result.error.code)
const errorOf = (result: Result<unknown>): AppError | undefined =>
  result.ok ? undefined : result.error

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] })
  states = []
})
afterEach(() => {
  guard.close()
  vi.useRealTimers()
})

describe('a definitive answer resets the run (rows 1, and the mix of answers)', () => {
  it('limited, ok, limited, ok…: each rate limit is a first strike, never a pause', async () => {
    makeGuard()
    let requests = 0
    const answers: string[] = []
    for (let call = 0; call < 5; call += 1) {
      const service = scriptedService(LIMITED(1_000), OK)
      const answering = guard.send(service.attempt, never)
      await vi.advanceTimersByTimeAsync(LATENCY_MS)
      // Strike 1 every time: a hold of the Retry-After (1 s), never 2 s, 4 s or a pause.
      expect(guard.state()).toMatchObject({ kind: 'holding', waitMs: 1_000 })
      await vi.advanceTimersByTimeAsync(1_000 + LATENCY_MS)
      answers.push(codeOf(await answering))
      requests += service.requests
    }
    expect(answers).toEqual(['ok', 'ok', 'ok', 'ok', 'ok'])
    expect(requests).toBe(10)
    expect(guard.state()).toEqual({ kind: 'open' })
  })

  it('fail, ok, fail, ok…: each failure is retried once, never paused', async () => {
    makeGuard()
    let requests = 0
    const answers: string[] = []
    for (let call = 0; call < 5; call += 1) {
      const service = scriptedService(FAILING, OK)
      const answering = guard.send(service.attempt, never)
      await vi.advanceTimersByTimeAsync(2_000)
      answers.push(codeOf(await answering))
      requests += service.requests
    }
    expect(answers).toEqual(['ok', 'ok', 'ok', 'ok', 'ok'])
    expect(requests).toBe(10)
    expect(states).toEqual([])
  })
})

describe('retries are throttled (the note under the table)', () => {
  /** Answers each request in turn from `cycle`, whichever call sent it. */
  function cyclingService(...cycle: Answer[]) {
    let sent = 0
    const attempt: Attempt<string> = () => {
      const answer = cycle[sent % cycle.length] as Answer
      sent += 1
      return new Promise((resolve) => setTimeout(() => resolve(answer), LATENCY_MS))
    }
    return { attempt, requests: () => sent }
  }

  for (const [name, cycle] of [
    ['ok, limited', [OK, LIMITED(1_000)]],
    ['limited, ok', [LIMITED(1_000), OK]],
    ['failing, ok', [FAILING, OK]]
  ] as const) {
    it(`${name}…: 40 calls cost at most 50 requests, not one retry per call`, async () => {
      makeGuard()
      const service = cyclingService(...cycle)
      const answering = Promise.all(
        Array.from({ length: 40 }, () => guard.send(service.attempt, never))
      )
      await vi.advanceTimersByTimeAsync(10 * 60_000)
      const answers = (await answering).map(codeOf)
      expect(service.requests()).toBeLessThanOrEqual(50)
      // A rate limit holds and retries; failures in a row pause (row 4): fewer are answered.
      if (cycle[1] !== OK)
        expect(answers.filter((code) => code === 'ok').length).toBeGreaterThanOrEqual(20)
    })
  }

  it('Retry now gives the throttled retries back', async () => {
    makeGuard(1)
    const service = cyclingService(FAILING, OK)
    const first = Promise.all(Array.from({ length: 30 }, () => guard.send(service.attempt, never)))
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    await first
    const throttled = guard.send(scriptedService(FAILING, OK).attempt, never)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(codeOf(await throttled)).toBe('SERVER')
    guard.resume()
    const again = guard.send(scriptedService(FAILING, OK).attempt, never)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(codeOf(await again)).toBe('ok')
  })
})

describe('429 with a Retry-After of at most 30 s (row 2)', () => {
  it('holds for the Retry-After (2 s when absent), then sends the call again', async () => {
    makeGuard()
    const service = scriptedService(LIMITED(), OK)
    const answering = guard.send(service.attempt, never)
    await vi.advanceTimersByTimeAsync(LATENCY_MS)
    expect(states).toMatchObject([{ kind: 'holding', reason: 'rate-limited', waitMs: 2_000 }])
    await vi.advanceTimersByTimeAsync(1_999)
    expect(service.requests).toBe(1)
    await vi.advanceTimersByTimeAsync(1 + LATENCY_MS)
    expect(service.requests).toBe(2)
    expect(await answering).toEqual(OK)
    expect(states.at(-1)).toEqual({ kind: 'open' })
  })

  it('requests in flight together are one strike; after the hold one call goes first', async () => {
    makeGuard()
    const service = scriptedService(LIMITED(1_000), LIMITED(1_000), LIMITED(1_000), OK)
    const calls = [1, 2, 3].map(() => guard.send(service.attempt, never))
    await vi.advanceTimersByTimeAsync(LATENCY_MS)
    expect(service.requests).toBe(3)
    expect(guard.state()).toMatchObject({ kind: 'holding', waitMs: 1_000 })
    await vi.advanceTimersByTimeAsync(1_000)
    // The hold is over: one call is sent, the other two wait for its answer.
    expect(service.requests).toBe(4)
    await vi.advanceTimersByTimeAsync(LATENCY_MS)
    expect(service.requests).toBe(6)
    await vi.advanceTimersByTimeAsync(LATENCY_MS)
    expect((await Promise.all(calls)).map(codeOf)).toEqual(['ok', 'ok', 'ok'])
  })

  it('each new strike holds longer (1 s × 2^(strikes−1)); a call is sent at most 3 times', async () => {
    makeGuard()
    const service = scriptedService(LIMITED(0))
    const answering = guard.send(service.attempt, never)
    await vi.advanceTimersByTimeAsync(LATENCY_MS + 1_000 + LATENCY_MS + 2_000 + LATENCY_MS)
    expect(service.requests).toBe(3)
    // Between holds the last one is still shown, its wait at 0, while its call is sent again.
    expect(states.map((state) => state.kind === 'holding' && state.waitMs)).toEqual([
      1_000, 0, 2_000, 0, 4_000
    ])
    const answer = await answering
    expect(errorOf(answer)).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 4_000 })
  })
})

describe('a long Retry-After, or a 4th strike in a row, pauses sending (row 3)', () => {
  it('Retry-After over 30 s: answered RATE_LIMITED at once, nothing sent for that long', async () => {
    makeGuard()
    const service = scriptedService(LIMITED(120_000), OK)
    const answering = guard.send(service.attempt, never)
    await vi.advanceTimersByTimeAsync(LATENCY_MS)
    expect(errorOf(await answering)).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 120_000 })
    expect(guard.state()).toMatchObject({ kind: 'paused', reason: 'rate-limited' })
    await vi.advanceTimersByTimeAsync(60_000)
    const notSent = await guard.send(service.attempt, never)
    expect(errorOf(notSent)).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 60_000 })
    expect(errorOf(notSent)?.message).toMatch(/^Not sent: the service is limiting requests/)
    expect(service.requests).toBe(1)
    await vi.advanceTimersByTimeAsync(60_000)
    // Over, but nothing has said the service is back: still shown, its wait at 0.
    expect(guard.state()).toMatchObject({ kind: 'paused', reason: 'rate-limited', waitMs: 0 })
    const after = guard.send(service.attempt, never)
    await vi.advanceTimersByTimeAsync(LATENCY_MS)
    expect(await after).toEqual(OK)
    expect(service.requests).toBe(2)
    expect(guard.state()).toEqual({ kind: 'open' })
    expect(states.at(-1)).toEqual({ kind: 'open' })
  })

  it('the 4th strike in a row pauses for the backoff (8 s) and answers at once', async () => {
    makeGuard()
    const service = scriptedService(LIMITED(0))
    const first = guard.send(service.attempt, never)
    await vi.advanceTimersByTimeAsync(8_000)
    expect(codeOf(await first)).toBe('RATE_LIMITED')
    const second = guard.send(service.attempt, never)
    await vi.advanceTimersByTimeAsync(LATENCY_MS)
    expect(service.requests).toBe(4)
    expect(errorOf(await second)).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 8_000 })
    expect(guard.state()).toMatchObject({ kind: 'paused', reason: 'rate-limited', waitMs: 8_000 })
  })
})

describe('5xx, resets, timeouts (rows 4 and 5)', () => {
  it.each(['SERVER', 'NETWORK', 'TIMEOUT'] as const)(
    '%s once: the call is sent again first, after a short backoff; the others wait for it',
    async (code) => {
      makeGuard()
      const service = scriptedService(fail(code), fail(code), fail(code), OK)
      const calls = [1, 2, 3].map(() => guard.send(service.attempt, never))
      await vi.advanceTimersByTimeAsync(LATENCY_MS)
      expect(service.requests).toBe(3)
      // The backoff is 250–750 ms (500 ms at random = 0.5), one request, nothing else meanwhile.
      await vi.advanceTimersByTimeAsync(499)
      expect(service.requests).toBe(3)
      await vi.advanceTimersByTimeAsync(1)
      expect(service.requests).toBe(4)
      await vi.advanceTimersByTimeAsync(LATENCY_MS - 1)
      expect(service.requests).toBe(4)
      await vi.advanceTimersByTimeAsync(1 + LATENCY_MS)
      expect(service.requests).toBe(6)
      expect((await Promise.all(calls)).map(codeOf)).toEqual(['ok', 'ok', 'ok'])
      expect(states).toEqual([])
    }
  )

  it('a second failure in a row pauses: 16 lookups at once cost 7 requests', async () => {
    makeGuard(6)
    const service = scriptedService(FAILING)
    const calls = Array.from({ length: 16 }, () => guard.send(service.attempt, never))
    await vi.advanceTimersByTimeAsync(1_000)
    const answers = await Promise.all(calls)
    expect(service.requests).toBe(7)
    const paused = guard.state()
    expect(paused).toMatchObject({ kind: 'paused', reason: 'failing' })
    // Paused 5 s from the second failure (about half a second after the first).
    expect(paused.kind === 'paused' && paused.waitMs).toBe(4_520)
    // The six sent answer what the service said; the ten others say they were not sent.
    const messages = answers.map((answer) => errorOf(answer)?.message ?? '')
    expect(messages.filter((text) => text === 'service said SERVER')).toHaveLength(6)
    const notSent = answers.filter((answer) => /^Not sent/.test(errorOf(answer)?.message ?? ''))
    expect(notSent).toHaveLength(10)
    expect(notSent.every((answer) => errorOf(answer)?.code === 'SERVER')).toBe(true)
    expect(errorOf(notSent[0] as Answer)?.retryAfterMs).toBeGreaterThan(4_000)
  })

  it('pauses double each time (5 s, 10 s, 20 s…) up to 5 min; one call tries after each', async () => {
    makeGuard()
    const service = scriptedService(FAILING)
    const first = guard.send(service.attempt, never)
    await vi.advanceTimersByTimeAsync(1_000)
    await first
    const pauses: number[] = []
    for (let round = 0; round < 8; round += 1) {
      const state = guard.state()
      if (state.kind !== 'paused') throw new Error(`not paused: ${state.kind}`)
      pauses.push(state.waitMs)
      await vi.advanceTimersByTimeAsync(state.waitMs)
      const before = service.requests
      const probe = guard.send(service.attempt, never)
      const waiting = guard.send(service.attempt, never)
      await vi.advanceTimersByTimeAsync(LATENCY_MS)
      expect(codeOf(await probe)).toBe('SERVER')
      expect(errorOf(await waiting)?.message).toMatch(/^Not sent/)
      expect(service.requests).toBe(before + 1)
    }
    expect(pauses.slice(1)).toEqual([
      10_000,
      20_000,
      40_000,
      80_000,
      160_000,
      MAX_PAUSE_MS,
      MAX_PAUSE_MS
    ])
  })
})

describe('the service refuses the key or the quota (rows 6 and 7)', () => {
  it.each(['AUTH', 'QUOTA'] as const)(
    '%s stops sending after the requests in flight: at most as many as run at once',
    async (code) => {
      makeGuard(6)
      const service = scriptedService(fail(code))
      const calls = Array.from({ length: 20 }, () => guard.send(service.attempt, never))
      await vi.advanceTimersByTimeAsync(LATENCY_MS)
      const answers = await Promise.all(calls)
      expect(service.requests).toBe(6)
      expect(answers.every((answer) => codeOf(answer) === code)).toBe(true)
      expect(guard.state()).toMatchObject({ kind: 'stopped', error: { code } })
      // Until the user asks: an hour later nothing is sent still, and nothing says when.
      await vi.advanceTimersByTimeAsync(3_600_000)
      const later = await guard.send(service.attempt, never)
      expect(errorOf(later)?.message).toMatch(/^Not sent/)
      expect(errorOf(later)?.retryAfterMs).toBeUndefined()
      expect(service.requests).toBe(6)
    }
  )
})

describe('after a wait, or the user\'s "Retry now" (row 8)', () => {
  it('resume ends a stop; one call goes first and the others follow its answer', async () => {
    makeGuard()
    const service = scriptedService(fail('QUOTA'), OK)
    const refused = guard.send(service.attempt, never)
    await vi.advanceTimersByTimeAsync(LATENCY_MS)
    expect(codeOf(await refused)).toBe('QUOTA')
    expect(guard.resume()).toEqual({ kind: 'open' })
    expect(states.map((state) => state.kind)).toEqual(['stopped', 'open'])
    const calls = [1, 2, 3].map(() => guard.send(service.attempt, never))
    await vi.advanceTimersByTimeAsync(0)
    expect(service.requests).toBe(2)
    await vi.advanceTimersByTimeAsync(LATENCY_MS)
    expect(service.requests).toBe(4)
    await vi.advanceTimersByTimeAsync(LATENCY_MS)
    expect((await Promise.all(calls)).map(codeOf)).toEqual(['ok', 'ok', 'ok'])
  })

  it('resume ends a pause at once', async () => {
    makeGuard()
    const service = scriptedService(FAILING, FAILING, OK)
    const failed = guard.send(service.attempt, never)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(codeOf(await failed)).toBe('SERVER')
    expect(guard.state().kind).toBe('paused')
    guard.resume()
    const retried = guard.send(service.attempt, never)
    await vi.advanceTimersByTimeAsync(LATENCY_MS)
    expect(await retried).toEqual(OK)
    expect(service.requests).toBe(3)
  })
})

describe('waits are cancellable, bounded and on a monotonic clock', () => {
  it('a call waiting in a hold ends at once when its caller leaves, and is never sent', async () => {
    makeGuard()
    const service = scriptedService(LIMITED(20_000), OK)
    const first = guard.send(service.attempt, never)
    await vi.advanceTimersByTimeAsync(LATENCY_MS)
    const leaving = new AbortController()
    const waiting = guard.send(service.attempt, leaving.signal)
    await vi.advanceTimersByTimeAsync(1_000)
    leaving.abort()
    expect(codeOf(await waiting)).toBe('CANCELLED')
    await vi.advanceTimersByTimeAsync(20_000)
    expect(await first).toEqual(OK)
    expect(service.requests).toBe(2)
  })

  it.each([3_600_000, -3_600_000])(
    'a wall-clock jump of %i ms during a 16 s hold changes nothing',
    async (jump) => {
      makeGuard()
      const service = scriptedService(LIMITED(16_000), OK)
      const answering = guard.send(service.attempt, never)
      await vi.advanceTimersByTimeAsync(LATENCY_MS + 4_000)
      vi.setSystemTime(Date.now() + jump)
      expect(guard.state()).toMatchObject({ kind: 'holding', waitMs: 12_000 })
      await vi.advanceTimersByTimeAsync(11_999)
      expect(service.requests).toBe(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(service.requests).toBe(2)
      await vi.advanceTimersByTimeAsync(LATENCY_MS)
      expect(await answering).toEqual(OK)
      expect(guard.state()).toEqual({ kind: 'open' })
    }
  )

  it('an answer to a request sent before a hold began does not end the hold', async () => {
    makeGuard()
    let answerLate: (answer: Answer) => void = () => undefined
    const late = guard.send(() => new Promise<Answer>((resolve) => (answerLate = resolve)), never)
    const service = scriptedService(LIMITED(5_000), OK)
    const limited = guard.send(service.attempt, never)
    await vi.advanceTimersByTimeAsync(LATENCY_MS)
    answerLate(OK)
    expect(await late).toEqual(OK)
    expect(guard.state()).toMatchObject({ kind: 'holding' })
    await vi.advanceTimersByTimeAsync(5_000 + LATENCY_MS)
    expect(await limited).toEqual(OK)
  })
})

describe('what the status line shows', () => {
  it('keeps the last success and the last error the service answered, not cancels', async () => {
    makeGuard()
    const service = scriptedService(fail('NOT_FOUND'), OK, fail('AUTH'))
    for (const _ of [1, 2, 3]) {
      const call = guard.send(service.attempt, never)
      await vi.advanceTimersByTimeAsync(LATENCY_MS)
      await call
    }
    const cancelled = guard.send(service.attempt, AbortSignal.abort())
    expect(codeOf(await cancelled)).toBe('CANCELLED')
    const last = guard.lastAnswer()
    expect(last.lastSuccessAt).toBeDefined()
    expect(last.lastError).toMatchObject({ code: 'AUTH', message: 'service said AUTH' })
    expect(service.requests).toBe(3)
  })

  it("a connection test's answer counts as one: its success ends a stop", async () => {
    makeGuard()
    guard.record(fail('AUTH'))
    expect(guard.state().kind).toBe('stopped')
    guard.record(OK)
    expect(guard.state()).toEqual({ kind: 'open' })
    expect(guard.lastAnswer().lastError).toBeUndefined()
  })
})

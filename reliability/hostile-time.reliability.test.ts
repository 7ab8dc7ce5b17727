/**
 * Issue 28, measured: time a hostile service or a wrong clock could take from the user, each class
 * counted (attempts, held).
 * - discovery-deadline: Test connection against a service answering every probe with a slow 400
 *   ends at its 20 s deadline with what it tried; Cancel at random moments ends it at once, the
 *   probe in flight abandoned and nothing sent after.
 * - history-order: figures whose answers come from a clock that jumps by up to two years either way
 *   are recorded in the order they arrive (each new answer the newest value), and answers a cache
 *   entry can show again (the newest; the first and last of each value kept) are not recorded twice.
 * Rows are recorded after their checks.
 */
import fc from 'fast-check'
import { afterAll, expect, it } from 'vitest'
import { CONNECTION_TEST_DEADLINE_MS } from '@shared/contract'
import { startSlow400Server } from '../test/support/discovery/slow-400-server'
import { makeTestCore } from '../test/support/app-core/temporary-app-core'
import { createObservationHistory } from '../src/renderer/src/history/observation-history'
import type { ReliabilityRow } from './lib/results'
import { recordRows, rowFromChecks } from './lib/results'
import { createMemorySeriesStorage } from '../test/support/renderer/memory-storage'

const GROUP = 'hostile-time'
const AREA = 'Hostile time (issue 28: discovery deadline, history order)'
const rows: ReliabilityRow[] = []
afterAll(async () => {
  if (rows.length > 0) await recordRows(GROUP, rows)
})

it('discovery-deadline: Test connection against a slow-400 service ends at its deadline, and Cancel ends it at once', async () => {
  const delayMs = 3_000
  const service = await startSlow400Server(delayMs)
  const core = makeTestCore()
  const failed: string[] = []
  const draft = {
    connectionMode: 'remote' as const,
    baseUrl: service.baseUrl,
    parameterPlacement: 'query' as const,
    apiKey: 'slow-400-key-5e1b'
  }
  const abandonedLast = async () => {
    for (let wait = 0; wait < 40 && !service.hits.at(-1)?.abandoned; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    return service.hits.at(-1)?.abandoned === true
  }
  let deadlineMs = 0
  let deadlineRequests = 0
  const cancelMs: number[] = []
  let held = 0
  try {
    // Left alone: a 400 every 3 s, 32 candidates; the deadline ends it.
    let started = performance.now()
    const alone = await core.handlers.testConnection(draft)
    deadlineMs = performance.now() - started
    deadlineRequests = service.hits.length
    const details = !alone.ok ? (alone.error.details as { discovery?: unknown[] }) : {}
    const endedInTime =
      deadlineMs >= CONNECTION_TEST_DEADLINE_MS && deadlineMs < CONNECTION_TEST_DEADLINE_MS + 2_000
    if (
      !alone.ok &&
      alone.error.code === 'TIMEOUT' &&
      endedInTime &&
      details.discovery?.length === 4 &&
      deadlineRequests <= Math.ceil(CONNECTION_TEST_DEADLINE_MS / delayMs) &&
      (await abandonedLast())
    ) {
      held += 1
    } else
      failed.push(
        `left alone: ${alone.ok ? 'ok' : alone.error.code} after ${deadlineMs.toFixed(0)} ms, ${deadlineRequests} requests`
      )
    // Cancel while the n-th probe waits for its answer, at a random moment within it.
    for (const [run, nth] of [1, 2, 3, 1, 2].entries()) {
      service.hits.length = 0
      const after = Math.floor(Math.random() * (delayMs - 500))
      let cancelledAt = 0
      service.onRequest = () => {
        if (service.hits.length !== nth) return
        setTimeout(() => {
          cancelledAt = performance.now()
          void core.handlers.cancelConnectionTest()
        }, after)
      }
      started = performance.now()
      const reply = await core.handlers.testConnection(draft)
      const ms = performance.now() - cancelledAt
      cancelMs.push(ms)
      await new Promise((resolve) => setTimeout(resolve, 200))
      const ok =
        !reply.ok &&
        reply.error.code === 'CANCELLED' &&
        service.hits.length === nth &&
        ms < 1_000 &&
        (await abandonedLast())
      if (ok) held += 1
      else
        failed.push(
          `cancel ${run + 1} (during probe ${nth}): ${reply.ok ? 'ok' : reply.error.code} ${ms.toFixed(0)} ms after, ${service.hits.length} requests`
        )
    }
  } finally {
    service.onRequest = undefined
    await core.cleanup()
    await service.close()
  }
  const row = rowFromChecks(
    {
      id: 'discovery-deadline',
      area: AREA,
      case: `Test connection (what the form holds) against a service answering every probe with a 400 after ${delayMs / 1000} s (32 candidates: about ${(32 * delayMs) / 60_000} min without a deadline); then 5 tests each cancelled at a random moment while its 1st, 2nd or 3rd probe waits`,
      tried: 6,
      passed: held,
      split: { served: 0, rejected: held },
      outcome: `left alone: TIMEOUT after ${(deadlineMs / 1000).toFixed(1)} s (deadline ${CONNECTION_TEST_DEADLINE_MS / 1000} s) and ${deadlineRequests} requests, the one in flight abandoned, 4 rows; cancelled: CANCELLED ${Math.round(Math.min(...cancelMs))}–${Math.round(Math.max(...cancelMs))} ms after Cancel, the probe in flight abandoned, nothing sent after`
    },
    failed
  )
  rows.push(row)
  expect(row.lost).toBe('nothing')
}, 120_000)

it('history-order: values are recorded in the order they arrive, whatever the clock said', async () => {
  const seed = Number(process.env['RELIABILITY_SEED'] ?? Date.now() % 2 ** 31)
  const year = 365 * 24 * 3_600_000
  const start = Date.parse('2026-11-01T00:00:00Z')
  // Per figure: 20 answers, each fetched at the previous time plus a jump of up to two years
  // either way (a clock set wrong, then right), with one of four values.
  const answer = fc.record({
    jump: fc.integer({ min: -2 * year, max: 2 * year }),
    value: fc.nat(3)
  })
  const figures = fc.sample(fc.array(answer, { minLength: 20, maxLength: 20 }), {
    numRuns: 200,
    seed
  })
  const history = createObservationHistory(createMemorySeriesStorage())
  const failed: string[] = []
  const split = { served: 0, rejected: 0 }
  let tried = 0
  let jumpsBack = 0
  const fail = (problem: string) => failed.length < 3 && failed.push(problem)
  for (const [index, answers] of figures.entries()) {
    const identity = {
      source: 'remote' as const,
      baseUrl: 'https://api.example.com',
      queryHash: `figure-${index}`,
      queryKey: ['market', 'residentialPrice', { index }]
    }
    let at = start
    for (const { jump, value } of answers) {
      if (jump < 0) jumpsBack += 1
      at += jump
      const sighting = { value: 1_000 + value, unit: 'NGN', at }
      const known = (await history.all()).find((s) => s.queryHash === identity.queryHash)
      if (known?.observations.some((o) => o.firstSeenAt === at || o.lastSeenAt === at)) continue
      tried += 2
      const outcome = await history.record(identity, sighting)
      const series = (await history.all()).find((s) => s.queryHash === identity.queryHash)
      if (outcome !== 'ignored' && series?.observations.at(-1)?.value === sighting.value) {
        split.served += 1
      } else fail(`figure ${index}: ${sighting.value} at ${new Date(at).toISOString()} ${outcome}`)
      // The figure's cache entry now holds this answer: shown again, it is not recorded twice.
      const again = await history.record(identity, sighting)
      if (again === 'ignored') split.rejected += 1
      else fail(`figure ${index}: newest answer shown again ${again}`)
    }
    // The first and last answer of every value kept, shown again: nothing changes.
    const before = JSON.stringify(await history.all())
    const series = (await history.all()).find((s) => s.queryHash === identity.queryHash)
    for (const observation of series?.observations ?? []) {
      for (const at of new Set([observation.firstSeenAt, observation.lastSeenAt])) {
        tried += 1
        const outcome = await history.record(identity, { ...observation, at })
        if (outcome === 'ignored') split.rejected += 1
        else fail(`figure ${index}: ${observation.value} at ${at} shown again ${outcome}`)
      }
    }
    if (JSON.stringify(await history.all()) !== before) fail(`figure ${index}: replays changed it`)
  }
  const row = rowFromChecks(
    {
      id: 'history-order',
      area: AREA,
      case: `${figures.length} figures × 20 answers fetched on a clock jumping up to 2 years either way (${jumpsBack} jumps back, seed ${seed}); each answer shown again at once (its figure's cache entry), and at the end the first and last answer of every value kept`,
      tried,
      passed: split.served + split.rejected,
      split,
      outcome: `every new answer recorded as its figure's newest value (${split.served}); every answer shown again ignored (${split.rejected}); the fetched-at time orders nothing`
    },
    failed
  )
  rows.push(row)
  expect(row.lost).toBe('nothing')
}, 120_000)

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_DROPPED_TIMES, recordSighting } from './observation-log'
import type { Observation, ObservationLog, Sighting } from './observation-log'

const sightingArb = fc.record({
  value: fc.integer({ min: 1, max: 4 }).map((n) => n * 1_000),
  unit: fc.constantFrom('NGN', 'USD'),
  at: fc.integer({ min: 0, max: 10_000 })
})

const EMPTY: ObservationLog = { observations: [] }

function replayLog(sightings: readonly Sighting[], max: number): ObservationLog {
  let log = EMPTY
  for (const sighting of sightings) log = recordSighting(log, sighting, max)
  return log
}

function replay(sightings: readonly Sighting[], max: number): Observation[] {
  return replayLog(sightings, max).observations
}

/** The observations a sighting leaves in a log holding only these (none dropped before). */
function after(observations: Observation[], sighting: Sighting, max?: number) {
  return recordSighting({ observations }, sighting, max)
}

describe('observation log (property tests)', () => {
  it('never holds more than its bound', () => {
    fc.assert(
      fc.property(
        fc.array(sightingArb, { maxLength: 200 }),
        fc.integer({ min: 1, max: 20 }),
        (s, max) => {
          expect(replay(s, max).length).toBeLessThanOrEqual(max)
        }
      )
    )
  })

  it('never holds two neighbours with the same value and unit', () => {
    fc.assert(
      fc.property(fc.array(sightingArb, { maxLength: 200 }), (sightings) => {
        const log = replay(sightings, 50)
        for (let index = 1; index < log.length; index += 1) {
          const [a, b] = [log[index - 1], log[index]]
          expect(a?.value === b?.value && a?.unit === b?.unit).toBe(false)
        }
      })
    )
  })

  it('ignores the clock: each answer not recorded before becomes the newest observation', () => {
    const answers = fc.uniqueArray(sightingArb, { selector: (s) => s.at, maxLength: 100 })
    fc.assert(
      fc.property(answers, (sightings) => {
        let log = EMPTY
        for (const sighting of sightings) {
          const next = recordSighting(log, sighting, 50)
          expect(next.outcome).not.toBe('ignored')
          expect(next.observations.at(-1)).toMatchObject({
            value: sighting.value,
            unit: sighting.unit,
            lastSeenAt: sighting.at
          })
          log = next
        }
      })
    )
  })

  it('an answer already recorded (a cache entry shown again) changes nothing', () => {
    fc.assert(
      fc.property(fc.array(sightingArb, { minLength: 1, maxLength: 100 }), fc.nat(), (s, pick) => {
        const log = replayLog(s, 50)
        const observation = log.observations[pick % log.observations.length]
        if (!observation) return
        for (const at of [observation.firstSeenAt, observation.lastSeenAt]) {
          const again = { value: observation.value + 1, unit: observation.unit, at }
          expect(recordSighting(log, again)).toEqual({
            observations: log.observations,
            droppedAt: log.droppedAt ?? [],
            outcome: 'ignored'
          })
        }
      })
    )
  })

  it('is append-only: the kept log is the unbounded log’s tail', () => {
    fc.assert(
      fc.property(
        fc.array(sightingArb, { maxLength: 200 }),
        fc.integer({ min: 1, max: 20 }),
        (s, max) => {
          const unbounded = replay(s, Number.MAX_SAFE_INTEGER)
          expect(replay(s, max)).toEqual(unbounded.slice(Math.max(0, unbounded.length - max)))
        }
      )
    )
  })
})

describe('observation log rules', () => {
  it('stores a changed value and only moves last-seen for the same value', () => {
    const first = after([], { value: 5, unit: 'NGN', at: 100 })
    expect(first.outcome).toBe('appended')
    const again = after(first.observations, { value: 5, unit: 'NGN', at: 200 })
    expect(again.outcome).toBe('seen-again')
    expect(again.observations).toEqual([
      { value: 5, unit: 'NGN', firstSeenAt: 100, lastSeenAt: 200 }
    ])
    const changed = after(again.observations, { value: 6, unit: 'NGN', at: 300 })
    expect(changed.outcome).toBe('appended')
    expect(changed.observations.map((o) => o.value)).toEqual([5, 6])
  })

  it('ignores a replayed answer (its fetched-at time already recorded) and non-finite values', () => {
    const log = after([], { value: 5, unit: 'NGN', at: 500 }).observations
    expect(after(log, { value: 4, unit: 'NGN', at: 500 }).outcome).toBe('ignored')
    expect(after(log, { value: 5, unit: 'NGN', at: 500 }).outcome).toBe('ignored')
    expect(after(log, { value: Number.NaN, unit: 'NGN', at: 900 }).outcome).toBe('ignored')
  })

  it('ignores a replayed answer whose observation was dropped to keep the bound', () => {
    const log = replayLog(
      [
        { value: 9_997, unit: 'NGN', at: 9_997 },
        { value: 0, unit: 'USD', at: 0 }
      ],
      1
    )
    expect(log.observations.map((o) => o.unit)).toEqual(['USD'])
    const replayed = recordSighting(log, { value: 9_997, unit: 'NGN', at: 9_997 }, 1)
    expect(replayed.outcome).toBe('ignored')
    expect(replayed.observations).toEqual(log.observations)
  })

  it('remembers the times of at most MAX_DROPPED_TIMES dropped observations, newest kept', () => {
    const changes = MAX_DROPPED_TIMES / 2 + 3
    const sightings = Array.from({ length: changes }, (_, index) => ({
      value: index % 2,
      unit: 'NGN',
      at: index + 1
    }))
    const log = replayLog(sightings, 1)
    expect(log.droppedAt).toHaveLength(MAX_DROPPED_TIMES)
    expect(log.droppedAt?.at(-1)).toBe(changes - 1)
    // The oldest dropped answers are forgotten: a replay of the very first is recorded again.
    expect(recordSighting(log, { value: 7, unit: 'NGN', at: 1 }, 1).outcome).toBe('appended')
    expect(recordSighting(log, { value: 7, unit: 'NGN', at: changes - 1 }, 1).outcome).toBe(
      'ignored'
    )
  })

  it('a value fetched while the clock was a year ahead does not block the values after it', () => {
    const now = Date.parse('2026-11-01T00:00:00Z')
    const yearAhead = now + 365 * 24 * 3_600_000
    let log = after([], { value: 5, unit: 'NGN', at: yearAhead }).observations
    const later = after(log, { value: 6, unit: 'NGN', at: now + 1_000 })
    expect(later.outcome).toBe('appended')
    log = after(later.observations, {
      value: 7,
      unit: 'NGN',
      at: now + 2_000
    }).observations
    const again = after(log, { value: 7, unit: 'NGN', at: now + 3_000 })
    expect(again.outcome).toBe('seen-again')
    expect(again.observations).toEqual([
      { value: 5, unit: 'NGN', firstSeenAt: yearAhead, lastSeenAt: yearAhead },
      { value: 6, unit: 'NGN', firstSeenAt: now + 1_000, lastSeenAt: now + 1_000 },
      { value: 7, unit: 'NGN', firstSeenAt: now + 2_000, lastSeenAt: now + 3_000 }
    ])
  })
})

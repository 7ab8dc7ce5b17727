import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { recordSighting } from './observation-log'
import type { Observation, Sighting } from './observation-log'

const sightingArb = fc.record({
  value: fc.integer({ min: 1, max: 4 }).map((n) => n * 1_000),
  unit: fc.constantFrom('NGN', 'USD'),
  at: fc.integer({ min: 0, max: 10_000 })
})

function replay(sightings: readonly Sighting[], max: number): Observation[] {
  let log: Observation[] = []
  for (const sighting of sightings) log = recordSighting(log, sighting, max).observations
  return log
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

  it('keeps time order: each observation starts no earlier than the previous was last seen', () => {
    fc.assert(
      fc.property(fc.array(sightingArb, { maxLength: 200 }), (sightings) => {
        const log = replay(sightings, 50)
        for (const [index, observation] of log.entries()) {
          expect(observation.firstSeenAt).toBeLessThanOrEqual(observation.lastSeenAt)
          const previous = log[index - 1]
          if (previous) expect(observation.firstSeenAt).toBeGreaterThanOrEqual(previous.lastSeenAt)
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

  it('keeps the last answer as the newest observation when in order', () => {
    fc.assert(
      fc.property(fc.array(sightingArb, { minLength: 1, maxLength: 100 }), (sightings) => {
        const ordered = [...sightings].sort((a, b) => a.at - b.at)
        const last = ordered[ordered.length - 1]
        const newest = replay(ordered, 50).at(-1)
        expect(newest?.lastSeenAt).toBe(last?.at)
        expect(newest?.value).toBe(last?.value)
      })
    )
  })
})

describe('observation log rules', () => {
  it('stores a changed value and only moves last-seen for the same value', () => {
    const first = recordSighting([], { value: 5, unit: 'NGN', at: 100 })
    expect(first.outcome).toBe('appended')
    const again = recordSighting(first.observations, { value: 5, unit: 'NGN', at: 200 })
    expect(again.outcome).toBe('seen-again')
    expect(again.observations).toEqual([
      { value: 5, unit: 'NGN', firstSeenAt: 100, lastSeenAt: 200 }
    ])
    const changed = recordSighting(again.observations, { value: 6, unit: 'NGN', at: 300 })
    expect(changed.outcome).toBe('appended')
    expect(changed.observations.map((o) => o.value)).toEqual([5, 6])
  })

  it('ignores a replayed older answer and non-finite values', () => {
    const log = recordSighting([], { value: 5, unit: 'NGN', at: 500 }).observations
    expect(recordSighting(log, { value: 4, unit: 'NGN', at: 100 }).outcome).toBe('ignored')
    expect(recordSighting(log, { value: 5, unit: 'NGN', at: 500 }).outcome).toBe('ignored')
    expect(recordSighting(log, { value: Number.NaN, unit: 'NGN', at: 900 }).outcome).toBe('ignored')
  })
})

import { describe, expect, it } from 'vitest'
import { oldestTime } from './staleness'

describe('oldestTime', () => {
  it('gives the earliest time, skipping what is not a date, and nothing for no dates', () => {
    const times = ['2026-11-02T10:00:00Z', 'not a date', '2026-10-30T08:00:00Z', '2026-11-01Z']
    expect(oldestTime(times)).toBe('2026-10-30T08:00:00Z')
    expect(oldestTime(['garbage', ''])).toBeUndefined()
    expect(oldestTime([])).toBeUndefined()
    expect(times[0]).toBe('2026-11-02T10:00:00Z')
    // One instant written two ways: the first listed is kept.
    const sameInstant = ['2026-10-30T09:00:00+01:00', '2026-10-30T08:00:00Z']
    expect(oldestTime(sameInstant)).toBe('2026-10-30T09:00:00+01:00')
  })
})

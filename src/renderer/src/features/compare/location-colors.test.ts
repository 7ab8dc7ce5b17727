import { describe, expect, it } from 'vitest'
import { assignColorSlots } from './location-colors'

describe('assignColorSlots', () => {
  it('keeps every slot when a location is removed, and gives a newcomer the freed one', () => {
    const three = assignColorSlots(['a', 'b', 'c'], {}, 8)
    expect(three).toEqual({ a: 0, b: 1, c: 2 })
    const removed = assignColorSlots(['b', 'c'], three, 8)
    expect(removed).toEqual({ b: 1, c: 2 })
    expect(assignColorSlots(['b', 'c', 'd'], removed, 8)).toEqual({ b: 1, c: 2, d: 0 })
  })

  it('shares the least used slots once the palette is exhausted', () => {
    const slots = assignColorSlots(['a', 'b', 'c', 'd', 'e'], {}, 2)
    expect(Object.values(slots)).toEqual([0, 1, 0, 1, 0])
  })

  it('ignores slots outside the palette (e.g. after it got shorter)', () => {
    expect(assignColorSlots(['a', 'b'], { a: 9, b: 0 }, 4)).toEqual({ a: 1, b: 0 })
  })
})

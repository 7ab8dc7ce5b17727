import { describe, expect, it } from 'vitest'
import { findBest } from './best-value'

describe('findBest', () => {
  it('picks the lowest or highest value', () => {
    const values = [{ value: 3 }, { value: 1 }, { value: 2 }]
    expect([...findBest(values, 'lowest').best]).toEqual([1])
    expect([...findBest(values, 'highest').best]).toEqual([0])
  })

  it('marks every tied value and ignores missing ones', () => {
    const outcome = findBest([{ value: 5 }, { value: undefined }, { value: 5 }], 'highest')
    expect([...outcome.best]).toEqual([0, 2])
  })

  it('never compares values in different units', () => {
    const outcome = findBest(
      [
        { value: 10, unit: 'NGN' },
        { value: 1, unit: 'GHS' }
      ],
      'lowest'
    )
    expect(outcome).toEqual({ best: new Set(), mixedUnits: true })
  })

  it('needs at least two values to call one best', () => {
    expect(findBest([{ value: 1 }, { value: undefined }], 'lowest').best.size).toBe(0)
  })
})

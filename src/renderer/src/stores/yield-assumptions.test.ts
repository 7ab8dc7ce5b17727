import { describe, expect, it } from 'vitest'
import { DEFAULT_YIELD_ASSUMPTIONS } from '../lib/net-yield'
import { createAppStores } from './app-stores'

const YIELD_ASSUMPTIONS_KEY = 'me.yieldAssumptions'
const createYieldAssumptionsStore = (storage: Storage) => createAppStores(storage).yieldAssumptions

describe('yield assumptions store', () => {
  it('keeps what the user saved across a reload', () => {
    window.localStorage.clear()
    const saved = { serviceChargePercent: 5, vacancyMonths: 2, feesPercent: 15, upfrontYears: 2 }
    createYieldAssumptionsStore(window.localStorage).set(saved)
    expect(createYieldAssumptionsStore(window.localStorage).get()).toEqual(saved)
  })

  it('falls back to the defaults when the saved value is out of bounds or not its shape', () => {
    for (const raw of [
      '{"serviceChargePercent":5,"vacancyMonths":40,"feesPercent":15,"upfrontYears":2}',
      '{"serviceChargePercent":5}',
      '{"serviceChargePercent":5,"vacancyMonths":1,"feesPercent":1,"upfrontYears":1,"x":1}',
      'not json'
    ]) {
      window.localStorage.setItem(YIELD_ASSUMPTIONS_KEY, raw)
      expect(createYieldAssumptionsStore(window.localStorage).get(), raw).toEqual(
        DEFAULT_YIELD_ASSUMPTIONS
      )
    }
  })
})

import { DEFAULT_YIELD_ASSUMPTIONS, YieldAssumptionsSchema } from '../lib/net-yield'
import type { YieldAssumptions } from '../lib/net-yield'
import { createPersistentStore } from './persistent-store'
import type { PersistentStore, StoreWriteFailure } from './persistent-store'

export const YIELD_ASSUMPTIONS_KEY = 'me.yieldAssumptions'

/** Saved assumptions are validated on read: anything out of bounds falls back to the defaults. */
function isYieldAssumptions(value: unknown): value is YieldAssumptions {
  return YieldAssumptionsSchema.strict().safeParse(value).success
}

/** The user's net-yield assumptions (renderer-only: not part of the settings file). */
export function createYieldAssumptionsStore(
  storage: Storage | undefined,
  onWriteFailed?: (failure: StoreWriteFailure) => void
): PersistentStore<YieldAssumptions> {
  return createPersistentStore(
    storage,
    YIELD_ASSUMPTIONS_KEY,
    DEFAULT_YIELD_ASSUMPTIONS,
    isYieldAssumptions,
    onWriteFailed
  )
}

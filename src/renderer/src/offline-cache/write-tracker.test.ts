import { describe, expect, it } from 'vitest'
import { createMemoryCacheStorage } from './cache-storage'
import type { CacheStorage } from './storage-types'
import { createWriteTracker } from './write-tracker'

/** Memory storage whose writes wait until released (an IndexedDB write still in flight). */
function slowStorage() {
  const inner = createMemoryCacheStorage()
  const held: Array<() => void> = []
  const storage: CacheStorage = {
    ...inner,
    setItem: (key, value) =>
      new Promise<void>((resolve, reject) => {
        held.push(() => {
          if (value === 'fail') reject(new Error('quota'))
          else void inner.setItem(key, value).then(resolve)
        })
      })
  }
  const releaseAll = (): void => {
    for (const release of held.splice(0)) release()
  }
  return { storage, inner, releaseAll }
}

describe('write tracker', () => {
  it('a flush waits for writes in flight and counts how they ended', async () => {
    const { storage, inner, releaseAll } = slowStorage()
    const tracker = createWriteTracker(storage)
    void tracker.storage.setItem('a', '1')
    tracker.storage.setItem('b', 'fail').catch(() => undefined)
    expect(tracker.pending()).toBe(2)
    let done = false
    const flushed = tracker.flush().then((outcome) => {
      done = true
      return outcome
    })
    await Promise.resolve()
    expect(done).toBe(false)
    releaseAll()
    expect(await flushed).toEqual({ written: 1, failed: 1 })
    expect(await inner.getItem('a')).toBe('1')
    expect(tracker.pending()).toBe(0)
  })

  it('a flush with nothing pending answers at once', async () => {
    const tracker = createWriteTracker(createMemoryCacheStorage())
    expect(await tracker.flush()).toEqual({ written: 0, failed: 0 })
  })
})

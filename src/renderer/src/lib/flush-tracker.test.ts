import { describe, expect, it } from 'vitest'
import { createFlushTracker } from './flush-tracker'

/** A write that waits until released (an IndexedDB write still in flight). */
function heldWrite(fails = false) {
  let release = (): void => undefined
  const write = new Promise<void>((resolve, reject) => {
    release = () => (fails ? reject(new Error('quota')) : resolve())
  })
  return { write, release: () => release() }
}

describe('flush tracker', () => {
  it('a flush waits for writes in flight and counts how they ended', async () => {
    const tracker = createFlushTracker()
    const ok = heldWrite()
    const failing = heldWrite(true)
    void tracker.track(ok.write)
    tracker.track(failing.write).catch(() => undefined)
    let done = false
    const flushed = tracker.flush().then((outcome) => {
      done = true
      return outcome
    })
    await Promise.resolve()
    expect(done).toBe(false)
    ok.release()
    failing.release()
    expect(await flushed).toEqual({ written: 1, failed: 1 })
    expect(await tracker.flush()).toEqual({ written: 0, failed: 0 })
  })

  it('follows a write that starts another before it ends', async () => {
    const tracker = createFlushTracker()
    const first = heldWrite()
    const second = heldWrite()
    void tracker.track(first.write.then(() => void tracker.track(second.write)))
    const flushed = tracker.flush()
    first.release()
    await Promise.resolve()
    second.release()
    expect(await flushed).toEqual({ written: 2, failed: 0 })
  })

  it('a flush with nothing pending answers at once', async () => {
    expect(await createFlushTracker().flush()).toEqual({ written: 0, failed: 0 })
  })
})

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BatchProgressEvent } from '@shared/contract'
import { ok } from '@shared/result'
import { createProgressStream } from './batch-progress'

const answer = ok({ growth: 3, period: '2020-2024' })

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function stream() {
  const events: BatchProgressEvent[] = []
  const progress = createProgressStream('b', 5, (event) => events.push(event), {
    everyMs: 50,
    now: () => Date.now()
  })
  const indexes = () => events.map((event) => (event.items ?? []).map((item) => item.index))
  return { events, progress, indexes }
}

describe('batch progress events', () => {
  it('tells of an item on a later turn, never while its own answer is being handled', () => {
    const { events, progress } = stream()
    progress.add(2, answer)
    expect(events).toHaveLength(0)
    vi.advanceTimersToNextTimer()
    expect(events).toEqual([
      { batchId: 'b', done: 1, total: 5, items: [{ index: 2, result: answer }] }
    ])
  })

  it('sends the items finished meanwhile together, at most once every 50 ms', () => {
    const { events, progress, indexes } = stream()
    progress.add(0, answer)
    progress.add(1, answer)
    vi.advanceTimersToNextTimer()
    progress.add(3, answer)
    vi.advanceTimersByTime(20)
    progress.add(2, answer)
    vi.advanceTimersByTime(29)
    expect(indexes()).toEqual([[0, 1]])
    vi.advanceTimersByTime(1)
    expect(indexes()).toEqual([
      [0, 1],
      [3, 2]
    ])
    expect(events.map((event) => event.done)).toEqual([2, 4])
  })

  it('sends what is left at once when the batch ends, and nothing after', () => {
    const { events, progress, indexes } = stream()
    progress.add(0, answer)
    vi.advanceTimersToNextTimer()
    progress.add(1, answer)
    progress.end()
    expect(indexes()).toEqual([[0], [1]])
    vi.advanceTimersByTime(1_000)
    expect(events).toHaveLength(2)
    expect(events.at(-1)?.done).toBe(2)
  })
})

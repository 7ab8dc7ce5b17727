import { describe, expect, it } from 'vitest'
import { createSlots } from './slots'

const gate = () => {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

describe('createSlots', () => {
  it('runs at most `concurrency` at once and starts the waiting ones in order', async () => {
    const limit = createSlots(2)
    const gates = [gate(), gate(), gate(), gate()]
    const started: number[] = []
    let running = 0
    let most = 0
    const runs = gates.map((g, index) =>
      limit(async () => {
        started.push(index)
        running += 1
        most = Math.max(most, running)
        await g.opened
        running -= 1
        return index
      })
    )
    await Promise.resolve()
    expect(started).toEqual([0, 1])
    gates[1]?.open()
    await runs[1]
    await new Promise((resolve) => setImmediate(resolve))
    expect(started).toEqual([0, 1, 2])
    for (const g of gates) g.open()
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3])
    expect(started).toEqual([0, 1, 2, 3])
    expect(most).toBe(2)
  })

  it('frees the slot when the work fails', async () => {
    const limit = createSlots(1)
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await limit(async () => 'next')).toBe('next')
  })
})

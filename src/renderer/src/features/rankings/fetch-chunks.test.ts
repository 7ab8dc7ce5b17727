import { describe, expect, it } from 'vitest'
import { MAX_BATCH_ITEMS } from '@shared/contract'
import { fetchChunks } from './fetch-chunks'

const range = (count: number): number[] => Array.from({ length: count }, (_, i) => i)

describe('fetchChunks', () => {
  it('sends as few calls as the batch limit allows, of nearly equal size', () => {
    const sizes = fetchChunks(range(1_228)).map((part) => part.length)
    expect(sizes).toHaveLength(Math.ceil(1_228 / MAX_BATCH_ITEMS))
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_BATCH_ITEMS)
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1)
  })

  it('keeps every item once, in order', () => {
    const items = range(1_000)
    expect(fetchChunks(items).flat()).toEqual(items)
    expect(fetchChunks(items, 7).flat()).toEqual(items)
  })

  it('gives one call for a fetch within the limit, none for nothing', () => {
    expect(fetchChunks(range(5))).toEqual([range(5)])
    expect(fetchChunks(range(MAX_BATCH_ITEMS))).toHaveLength(1)
    expect(fetchChunks([])).toEqual([])
  })
})

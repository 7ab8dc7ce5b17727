import { describe, expect, it } from 'vitest'
import { FETCH_CHUNK, FETCH_CHUNK_MAX, fetchChunks } from './fetch-chunks'

const range = (count: number): number[] => Array.from({ length: count }, (_, i) => i)

describe('fetchChunks', () => {
  it('starts with a small call, doubles, and stays at the cap', () => {
    const sizes = fetchChunks(range(1_228)).map((part) => part.length)
    expect(sizes[0]).toBe(FETCH_CHUNK)
    expect(sizes[1]).toBe(FETCH_CHUNK * 2)
    expect(Math.max(...sizes)).toBe(FETCH_CHUNK_MAX)
    for (let i = 1; i < sizes.length - 1; i += 1) {
      expect(sizes[i]).toBe(Math.min((sizes[i - 1] ?? 0) * 2, FETCH_CHUNK_MAX))
    }
  })

  it('keeps every item once, in order', () => {
    const items = range(1_000)
    expect(fetchChunks(items).flat()).toEqual(items)
  })

  it('gives one call for a fetch smaller than the first chunk, none for nothing', () => {
    expect(fetchChunks(range(5))).toEqual([range(5)])
    expect(fetchChunks([])).toEqual([])
  })
})

import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useAfterPaint, usePaintedValue } from './use-after-paint'

const rows = (value: number) => ({ value })

describe('usePaintedValue', () => {
  it('hands on a new value only after the render that brought it was painted', async () => {
    const first = rows(1)
    const { result, rerender } = renderHook(
      ({ value }: { value: { value: number } }) => usePaintedValue(value, JSON.stringify(value)),
      { initialProps: { value: first } }
    )
    expect(result.current).toBe(first)

    // The same content in a new object: the object already handed on stays (memo keeps working).
    rerender({ value: rows(1) })
    expect(result.current).toBe(first)

    const second = rows(2)
    rerender({ value: second })
    // The render that brings it still draws the old value...
    expect(result.current).toBe(first)
    // ...and the next one, once a frame has been painted, the new one.
    await waitFor(() => expect(result.current).toBe(second))
  })

  it('after several quick changes, ends on the latest', async () => {
    const { result, rerender } = renderHook(
      ({ value }: { value: { value: number } }) => usePaintedValue(value, JSON.stringify(value)),
      { initialProps: { value: rows(1) } }
    )
    act(() => {
      rerender({ value: rows(2) })
      rerender({ value: rows(3) })
    })
    await waitFor(() => expect(result.current).toEqual(rows(3)))
  })
})

describe('useAfterPaint', () => {
  it('is false in the first render and true once that render was painted', async () => {
    const { result, rerender } = renderHook(() => useAfterPaint())
    expect(result.current).toBe(false)
    await waitFor(() => expect(result.current).toBe(true))
    rerender()
    expect(result.current).toBe(true)
  })
})

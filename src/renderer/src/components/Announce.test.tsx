import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Announce } from './Announce'
import { RateLimitSchedule } from './RateLimitSchedule'

afterEach(() => {
  vi.useRealTimers()
})

describe('Announce', () => {
  it('is a polite region that starts empty and speaks once per change of `when`', () => {
    const { rerender } = render(<Announce when="a" message="first" />)
    const region = screen.getByRole('status')
    expect(region).toHaveAttribute('aria-live', 'polite')
    expect(region).toHaveTextContent('')

    rerender(<Announce when="b" message="Offline mode" />)
    expect(region).toHaveTextContent('Offline mode')
    // Same `when`, new words (a ticking value): the region keeps what it said.
    rerender(<Announce when="b" message="Offline mode, later" />)
    expect(region).toHaveTextContent(/^Offline mode$/)
  })
})

describe('RateLimitSchedule', () => {
  it('ticks on screen outside any live region and announces each schedule once', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    const dueAt = Date.now() + 30_000
    const { rerender } = render(<RateLimitSchedule automatic={{ kind: 'retrying' }} />)
    rerender(<RateLimitSchedule automatic={{ kind: 'scheduled', dueAt, retryNumber: 1 }} />)
    const countdown = screen.getByTestId('rate-limit-countdown')
    expect(countdown).toHaveAttribute('aria-live', 'off')
    expect(countdown).toHaveTextContent('Retrying automatically in 30 s.')
    expect(screen.getByRole('status')).toHaveTextContent('Retrying automatically in 30 s.')

    act(() => vi.advanceTimersByTime(5_000))
    expect(countdown).toHaveTextContent('Retrying automatically in 25 s.')
    expect(screen.getByRole('status')).toHaveTextContent('Retrying automatically in 30 s.')
  })
})

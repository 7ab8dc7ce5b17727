import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MarketQueryError } from '../api/market-result'
import { ErrorNotice } from './ErrorNotice'

afterEach(() => {
  vi.useRealTimers()
})

describe('ErrorNotice', () => {
  it('RATE_LIMITED counts down from retryAfterMs and retries once at zero', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date']
    })
    const onRetry = vi.fn()
    const error = new MarketQueryError({
      code: 'RATE_LIMITED',
      message: 'The service answered 429.',
      retryAfterMs: 3000
    })
    render(<ErrorNotice error={error} onRetry={onRetry} />)
    expect(screen.getByTestId('rate-limit-countdown')).toHaveTextContent(
      'Retrying automatically in 3 s.'
    )
    await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(screen.getByTestId('rate-limit-countdown')).toHaveTextContent(
      'Retrying automatically in 2 s.'
    )
    expect(onRetry).not.toHaveBeenCalled()
    await act(() => vi.advanceTimersByTimeAsync(2000))
    expect(onRetry).toHaveBeenCalledTimes(1)
    expect(screen.getByTestId('rate-limit-countdown')).toHaveTextContent('Retrying…')
    await act(() => vi.advanceTimersByTimeAsync(10_000))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('AUTH and NOT_CONFIGURED send the user to Settings', async () => {
    const user = userEvent.setup()
    for (const code of ['AUTH', 'NOT_CONFIGURED'] as const) {
      const { unmount } = render(
        <ErrorNotice
          error={new MarketQueryError({ code, message: `${code} message` })}
          onRetry={vi.fn()}
        />
      )
      expect(screen.getByRole('alert')).toHaveTextContent(`${code} message`)
      expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Open Settings' }))
      expect(window.location.hash).toBe('#/settings')
      window.location.hash = ''
      unmount()
    }
  })

  it('NETWORK and TIMEOUT offer Retry', async () => {
    const user = userEvent.setup()
    const onRetry = vi.fn()
    render(
      <ErrorNotice
        error={new MarketQueryError({ code: 'TIMEOUT', message: 'No answer in 15 s.' })}
        onRetry={onRetry}
      />
    )
    expect(screen.getByRole('alert')).toHaveTextContent('The service took too long to answer')
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('OFFLINE says which cached data is shown, or what to do when there is none', () => {
    const error = new MarketQueryError({ code: 'OFFLINE', message: 'Offline mode is on.' })
    const { rerender } = render(<ErrorNotice error={error} cachedAt="2025-03-04T10:00:00.000Z" />)
    expect(screen.getByRole('status')).toHaveTextContent(/Showing cached data from .*2025/)
    rerender(<ErrorNotice error={error} />)
    expect(screen.getByRole('alert')).toHaveTextContent('Nothing is cached for this yet')
    expect(screen.getByRole('button', { name: 'Open Settings' })).toBeInTheDocument()
  })
})

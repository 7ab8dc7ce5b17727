import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { MarketQueryError } from '../data/market-result'
import { ErrorNotice } from './ErrorNotice'
import { LiveAnnouncerProvider } from './LiveAnnouncer'

describe('ErrorNotice', () => {
  it('RATE_LIMITED shows the service\'s words and "Retry now"; it never retries by itself', async () => {
    const onRetry = vi.fn()
    const error = new MarketQueryError({
      code: 'RATE_LIMITED',
      message: 'The service is limiting requests (HTTP 429): "Slow down". Wait 0 s and try again.',
      status: 429,
      retryAfterMs: 0,
      details: { serviceMessage: 'Slow down' }
    })
    render(<ErrorNotice error={error} onRetry={onRetry} />)
    expect(screen.getByTestId('error-notice')).toHaveTextContent(
      'The service is limiting requests: "Slow down".'
    )
    expect(screen.getByTestId('error-notice')).not.toHaveTextContent('Wait 0 s')
    // The code and HTTP status only in the details disclosure, folded away.
    const details = screen.getByTestId('error-details')
    expect(details).not.toHaveAttribute('open')
    expect(details).toHaveTextContent('RATE_LIMITED · HTTP 429')
    const sentence = screen.getByText(/The service is limiting requests/)
    expect(sentence).not.toHaveTextContent(/HTTP|RATE_LIMITED/)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(onRetry).not.toHaveBeenCalled()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry now' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('RATE_LIMITED names the wait the service asked for, in minutes or hours when long', () => {
    const error = new MarketQueryError({
      code: 'RATE_LIMITED',
      message: 'The service is limiting requests (HTTP 429).',
      status: 429,
      retryAfterMs: 3_600_000,
      details: { serviceMessage: 'Too many requests' }
    })
    render(<ErrorNotice error={error} onRetry={() => undefined} />)
    expect(screen.getByTestId('error-notice')).toHaveTextContent(
      'The service is limiting requests: "Too many requests". It asked to wait 1 h.'
    )
  })

  it('says an AUTH error in words: "(HTTP 401)" and the code only in its details', () => {
    const error = new MarketQueryError({
      code: 'AUTH',
      message: 'The service rejected the API key (HTTP 401): "Invalid API key."',
      status: 401,
      nextStep: 'enterValidKey'
    })
    render(<ErrorNotice error={error} />)
    const notice = screen.getByTestId('error-notice')
    const shown = notice.querySelector('.error-notice-body > p')
    expect(shown).toHaveTextContent('The service rejected the API key: "Invalid API key."')
    expect(shown).not.toHaveTextContent('HTTP')
    expect(screen.getByTestId('error-details')).toHaveTextContent('AUTH · HTTP 401')
    expect(notice.querySelectorAll('.badge')).toHaveLength(0)
  })

  it('keeps "API" in capitals after a context', () => {
    const error = new MarketQueryError({ code: 'AUTH', message: 'The key was refused.' })
    render(<ErrorNotice error={error} context="Loading locations" />)
    expect(screen.getByText('Loading locations: the service refused the API key')).toBeVisible()
  })

  it("the quota guard's error offers Retry now even where Settings is the next step", () => {
    render(
      <ErrorNotice
        error={new MarketQueryError({ code: 'AUTH', message: 'Not sent: the key was refused.' })}
        onRetry={vi.fn()}
        retryLabel="Retry now"
      />
    )
    expect(screen.getByRole('button', { name: 'Open Settings' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry now' })).toBeInTheDocument()
  })

  it('NOT_FOUND is an answer: no Retry', () => {
    render(
      <ErrorNotice
        error={new MarketQueryError({ code: 'NOT_FOUND', message: 'No data for 6 bed.' })}
        onRetry={vi.fn()}
      />
    )
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
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
      expect(screen.getByTestId('error-notice')).toHaveTextContent(`${code} message`)
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
    expect(screen.getByTestId('error-notice')).toHaveTextContent(
      'The service took too long to answer'
    )
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('OFFLINE says which cached data is shown, or what to do when there is none; no Retry while offline mode is on', () => {
    const error = new MarketQueryError({ code: 'OFFLINE', message: 'Offline mode is on.' })
    const { rerender } = render(
      <ErrorNotice error={error} onRetry={vi.fn()} cachedAt="2025-03-04T10:00:00.000Z" />
    )
    expect(screen.getByTestId('error-notice')).toHaveTextContent(/Showing cached data from .*2025/)
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Open Settings' })).toBeInTheDocument()
    rerender(<ErrorNotice error={error} onRetry={vi.fn()} />)
    expect(screen.getByTestId('error-notice')).toHaveTextContent('Nothing is cached for this yet')
    expect(screen.getByRole('button', { name: 'Open Settings' })).toBeInTheDocument()
  })

  it('an expired cached figure says since when, never "Nothing is cached"', () => {
    const error = new MarketQueryError({ code: 'OFFLINE', message: 'Offline mode is on.' })
    render(
      <ErrorNotice
        error={error}
        cachedAt="2025-03-04T10:00:00.000Z"
        cacheExpiredOn={new Date('2025-04-03T10:00:00.000Z')}
      />
    )
    expect(screen.getByTestId('error-notice')).toHaveTextContent(
      /Showing cached data from .*2025.*\(expired on Apr 3, 2025\)/
    )
    expect(screen.getByTestId('error-notice')).not.toHaveTextContent('Nothing is cached')
  })

  it('is announced once, politely, through the app live region: no alert, not re-read', () => {
    const limited = new MarketQueryError({
      code: 'RATE_LIMITED',
      message: 'The service is limiting requests (HTTP 429).',
      status: 429,
      retryAfterMs: 30_000
    })
    const notice = (error: MarketQueryError) => (
      <LiveAnnouncerProvider>
        <ErrorNotice error={error} onRetry={vi.fn()} context="Loading locations" />
      </LiveAnnouncerProvider>
    )
    const { rerender } = render(notice(limited))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByTestId('error-notice')).not.toHaveAttribute('aria-live')
    const region = screen.getByTestId('live-announcer')
    expect(region).toHaveAttribute('role', 'status')
    expect(region).toHaveAttribute('aria-live', 'polite')
    expect(region).toHaveTextContent(
      'Loading locations: too many requests. The service is limiting requests.'
    )
    const said = region.textContent
    rerender(notice(limited))
    expect(region.textContent).toBe(said)

    rerender(notice(new MarketQueryError({ code: 'TIMEOUT', message: 'No answer in 15 s.' })))
    expect(region).toHaveTextContent('Loading locations: the service took too long to answer.')
  })
})

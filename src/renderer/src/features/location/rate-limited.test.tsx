import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFakeMarket } from '../../test/fake-market'
import { renderApp } from '../../test/render'

const LEKKI = {
  screen: 'location',
  sector: 'residential',
  countryCode: 'NG',
  slug: 'lekki-phase-1'
} as const

const serviceCalls = (market: ReturnType<typeof createFakeMarket>) =>
  market.lookupsOf('getResidentialPrice').length + market.lookupsOf('getGrowth').length

afterEach(() => {
  vi.useRealTimers()
})

describe('Location: a service that answers "too many requests" for ever', () => {
  it('Retry-After 0: a few calls a minute, one countdown for the screen, then "try again later"', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date']
    })
    const market = createFakeMarket()
    const limited = {
      code: 'RATE_LIMITED',
      message: 'The service is limiting requests (HTTP 429).',
      retryAfterMs: 0
    } as const
    market.setFault('getResidentialPrice', limited)
    market.setFault('getGrowth', limited)
    renderApp({ market, route: LEKKI })
    // vi.waitFor moves the fake clock 50 ms per check while the lazy screen loads.
    const countdown = await vi.waitFor(() => screen.getByTestId('rate-limit-countdown'), {
      timeout: 10_000
    })
    expect(countdown).toHaveTextContent(/Retrying automatically in 5 s/)
    for (let second = 0; second < 60; second += 1) {
      await act(() => vi.advanceTimersByTimeAsync(1_000))
    }
    // 20 queries: one round at the start, then three single retries (5, 10 and 20 s apart).
    expect(serviceCalls(market)).toBeLessThanOrEqual(12)
    expect(screen.getAllByTestId('rate-limit-countdown')).toHaveLength(1)
    expect(screen.getByTestId('rate-limit-countdown')).toHaveTextContent(/Try again later/)
  })

  it('"Retry now" brings the figures back once the service answers again', async () => {
    const market = createFakeMarket()
    const limited = {
      code: 'RATE_LIMITED',
      message: 'The service is limiting requests (HTTP 429).',
      retryAfterMs: 99_999_999_999_000
    } as const
    market.setFault('getResidentialPrice', limited)
    market.setFault('getGrowth', limited)
    renderApp({ market, route: LEKKI })
    expect(await screen.findByTestId('rate-limit-countdown')).toHaveTextContent(/Try again later/)
    market.setFault('getResidentialPrice', undefined)
    market.setFault('getGrowth', undefined)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry now' }))
    await vi.waitFor(() => expect(screen.queryByTestId('error-notice')).not.toBeInTheDocument())
    expect(screen.getByTestId('price-matrix').querySelector('.cell-value')).not.toBeNull()
  })
})

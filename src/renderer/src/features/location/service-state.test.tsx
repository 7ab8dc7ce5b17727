import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MAX_WAIT_MS } from '@shared/wait'
import { formatDateTime, formatTime } from '../../lib/format'
import { createFakeMarket } from '../../../../../test/support/renderer/fake-market'
import { LEKKI, renderApp } from '../../../../../test/support/renderer/render'

const HOUR = 60 * 60 * 1000
const limited = { code: 'RATE_LIMITED', message: 'The service is limiting requests.' } as const

afterEach(() => {
  vi.useRealTimers()
})

describe("Location: what main's quota guard does, shown", () => {
  it('holding: says how long main waits, a wall-clock jump of ±1 h changes nothing', async () => {
    // performance.now() and the page's clock are faked; timeouts (the queries' own) are real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date', 'performance'] })
    const market = createFakeMarket()
    // The location's one batch call waits in main (the guard holds it) until resumed.
    market.pauseBatchesAfter = 0
    renderApp({ market, route: LEKKI })
    await waitFor(() => expect(market.callsOf('batchLookup')).toHaveLength(1))
    act(() =>
      market.emitServiceState({
        kind: 'holding',
        reason: 'rate-limited',
        waitMs: 16_000,
        error: limited
      })
    )
    const wait = await screen.findByTestId('service-wait')
    expect(wait).toHaveTextContent('Waiting for the service (rate limited, 16 s)')

    act(() => vi.setSystemTime(Date.now() - HOUR))
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(wait).toHaveTextContent('rate limited, 15 s')
    act(() => vi.setSystemTime(Date.now() + 2 * HOUR))
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(wait).toHaveTextContent('rate limited, 14 s')
    // Nothing was asked again, and nothing was released: main alone decides.
    expect(market.callsOf('batchLookup')).toHaveLength(1)
    expect(market.callsOf('resumeService')).toHaveLength(0)

    await act(() => vi.advanceTimersByTimeAsync(15_000))
    expect(wait).toHaveTextContent('going on now')
    expect(market.callsOf('batchLookup')).toHaveLength(1)
    // Main goes on by itself: the figures arrive from the same call.
    act(() => {
      market.emitServiceState({ kind: 'open' })
      market.resumeBatches()
    })
    await waitFor(() => expect(screen.queryByTestId('service-wait')).not.toBeInTheDocument())
    expect(screen.getByTestId('price-matrix').querySelector('.cell-value')).not.toBeNull()
  })

  it('holding: "Retry now" asks main to go on, and sends nothing itself', async () => {
    const market = createFakeMarket()
    market.pauseBatchesAfter = 0
    renderApp({ market, route: LEKKI })
    await waitFor(() => expect(market.callsOf('batchLookup')).toHaveLength(1))
    act(() =>
      market.emitServiceState({
        kind: 'holding',
        reason: 'rate-limited',
        waitMs: 9_000,
        error: limited
      })
    )
    const wait = await screen.findByTestId('service-wait')
    await userEvent.setup().click(within(wait).getByRole('button', { name: 'Retry now' }))
    await waitFor(() => expect(market.callsOf('resumeService')).toHaveLength(1))
    market.resumeBatches()
    await waitFor(() => expect(screen.queryByTestId('service-wait')).not.toBeInTheDocument())
    expect(market.callsOf('batchLookup')).toHaveLength(1)
  })

  it("paused: the guard's error once with its next step; Retry now resumes, then refetches what failed", async () => {
    const market = createFakeMarket()
    const notSent = {
      code: 'SERVER',
      message: 'Not sent: the service failed several times in a row.'
    } as const
    market.setFault('getResidentialPrice', notSent)
    market.setFault('getGrowth', notSent)
    market.emitServiceState({ kind: 'paused', reason: 'failing', waitMs: 60_000, error: notSent })
    const sent = Date.now()
    renderApp({ market, route: LEKKI })
    const notice = await screen.findByTestId('error-notice')
    expect(screen.getAllByTestId('error-notice')).toHaveLength(1)
    // The status bar says until when, as a clock time (main's wait counted from its state).
    const status = screen.getByTestId('status-service').textContent ?? ''
    const ends = [-1, 0, 1, 2].map(
      (s) => `lookups paused until ${formatTime(sent + 60_000 + s * 1_000)}`
    )
    expect(ends).toContain(status.replace(/^ · /, ''))
    expect(notice).toHaveAttribute('data-error-code', 'SERVER')
    expect(notice).toHaveTextContent('Not sent: the service failed several times in a row.')
    // Nothing is asked again by itself.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(market.callsOf('batchLookup')).toHaveLength(1)

    market.setFault('getResidentialPrice', undefined)
    market.setFault('getGrowth', undefined)
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Retry now' }))
    await waitFor(() => expect(screen.queryByTestId('error-notice')).not.toBeInTheDocument())
    expect(market.callsOf('resumeService')).toHaveLength(1)
    expect(market.callsOf('batchLookup')).toHaveLength(2)
    expect(screen.getByTestId('price-matrix').querySelector('.cell-value')).not.toBeNull()
  })

  it('paused: "Check again" on the list of locations is the user asking, so main is asked to go on first', async () => {
    const market = createFakeMarket()
    const notSent = {
      code: 'SERVER',
      message: 'Not sent: the service is failing, so the app paused sending to it.',
      nextStep: 'waitAndRetry',
      retryAfterMs: 8_000,
      notSent: true
    } as const
    market.setFault('listLocations', notSent)
    market.emitServiceState({ kind: 'paused', reason: 'failing', waitMs: 8_000, error: notSent })
    renderApp({ market, route: LEKKI })
    const unverified = await screen.findByTestId('location-unverified')
    const asked = market.callsOf('listLocations').length

    market.setFault('listLocations', undefined)
    await userEvent.setup().click(within(unverified).getByRole('button', { name: 'Check again' }))
    await waitFor(() => expect(market.callsOf('listLocations').length).toBe(asked + 1))
    expect(market.callsOf('resumeService')).toHaveLength(1)
    await waitFor(() => expect(screen.queryByTestId('location-unverified')).not.toBeInTheDocument())
  })

  it('paused for a day: the status bar gives the date the wait ends, not only the time', async () => {
    const market = createFakeMarket()
    const error = { code: 'RATE_LIMITED', message: 'Not sent: the service asked to wait.' } as const
    market.setFault('getResidentialPrice', error)
    market.setFault('getGrowth', error)
    market.emitServiceState({ kind: 'paused', reason: 'rate-limited', waitMs: MAX_WAIT_MS, error })
    const sent = Date.now()
    renderApp({ market, route: LEKKI })
    await screen.findByTestId('error-notice')
    const status = screen.getByTestId('status-service').textContent ?? ''
    const ends = [0, 1, 2].map((s) => `until ${formatDateTime(sent + MAX_WAIT_MS + s * 1_000)}`)
    expect(
      ends.some((end) => status.endsWith(end)),
      status
    ).toBe(true)
  })

  it('stopped: a refused quota says so once, with Retry now', async () => {
    const market = createFakeMarket()
    const quota = {
      code: 'QUOTA',
      message: 'Not sent: the service says the quota is used up.'
    } as const
    market.setFault('getResidentialPrice', quota)
    market.setFault('getGrowth', quota)
    market.emitServiceState({ kind: 'stopped', error: { ...quota, nextStep: 'checkKeyAccess' } })
    renderApp({ market, route: LEKKI })
    const notice = await screen.findByTestId('error-notice')
    expect(notice).toHaveAttribute('data-error-code', 'QUOTA')
    expect(notice).toHaveTextContent('quota is used up')
    expect(within(notice).getByRole('button', { name: 'Retry now' })).toBeInTheDocument()
    expect(screen.getByTestId('status-service')).toHaveTextContent('lookups stopped')
  })
})

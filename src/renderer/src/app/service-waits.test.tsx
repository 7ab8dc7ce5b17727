import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { OperationInput } from '@shared/operations'
import type { Result } from '@shared/result'
import type { LocationsPayload } from '@shared/spec'
import { createFakeMarket } from '../test/fake-market'
import { renderApp } from '../test/render'

afterEach(() => {
  vi.useRealTimers()
})

/** A fake market whose locations lookups stay in flight until released, ids recorded. */
function marketWithHeldLocations() {
  const market = createFakeMarket()
  const answer = market.listLocations.bind(market)
  const requestIds: string[] = []
  const held: Array<() => void> = []
  market.listLocations = (input: OperationInput<'listLocations'>) => {
    if (input.requestId) requestIds.push(input.requestId)
    return new Promise<Result<LocationsPayload>>((resolve) => {
      held.push(() => void answer(input).then(resolve))
    })
  }
  return { market, requestIds, release: () => held.splice(0).forEach((go) => go()) }
}

describe('waits for the service are shown in place of the spinner', () => {
  it('rate limited, then backing off: the picker says why, the status bar says it once', async () => {
    const { market, requestIds, release } = marketWithHeldLocations()
    renderApp({ market, route: { screen: 'explore', sector: 'residential' } })
    await waitFor(() => expect(requestIds.length).toBeGreaterThan(0))
    // From here the clock moves only by hand.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    const requestId = requestIds.at(-1) ?? ''
    expect(screen.queryByTestId('service-wait')).toBeNull()

    act(() =>
      market.emitServiceWait({
        requestId,
        reason: 'rate-limited',
        waitMs: 4_000,
        attempt: 2,
        maxAttempts: 3
      })
    )
    const notice = await screen.findByTestId('service-wait')
    expect(notice).toHaveTextContent('Waiting for the service (rate limited, retrying in 4 s)')
    expect(notice).toHaveAttribute('aria-live', 'off')
    const bar = screen.getByTestId('status-bar')
    expect(within(bar).getByTestId('status-rate-limit')).toHaveTextContent('Service rate limiting')
    const spoken = within(bar)
      .getAllByRole('status')
      .find((region) => /Waiting for the service/.test(region.textContent ?? ''))
    expect(spoken).toHaveTextContent('Waiting for the service (rate limited, retrying in 4 s)')

    // The countdown ticks on screen; the live region does not say it again.
    act(() => vi.advanceTimersByTime(2_000))
    expect(notice).toHaveTextContent('retrying in 2 s')
    expect(spoken).toHaveTextContent('retrying in 4 s')

    act(() =>
      market.emitServiceWait({
        requestId,
        reason: 'retry',
        waitMs: 300,
        attempt: 3,
        maxAttempts: 3
      })
    )
    expect(screen.getByTestId('service-wait')).toHaveTextContent(
      'Waiting for the service (retrying, attempt 3 of 3)'
    )
    expect(spoken).toHaveTextContent('retrying, attempt 3 of 3')

    vi.useRealTimers()
    act(() => release())
    await waitFor(() => expect(screen.queryByTestId('service-wait')).toBeNull())
    expect(within(bar).queryByTestId('status-rate-limit')).toBeNull()
  })

  it('a wait for a request that is not in flight here is not shown', async () => {
    const { market, requestIds } = marketWithHeldLocations()
    renderApp({ market, route: { screen: 'explore', sector: 'residential' } })
    await waitFor(() => expect(requestIds.length).toBeGreaterThan(0))
    act(() =>
      market.emitServiceWait({
        requestId: 'someone-else',
        reason: 'rate-limited',
        waitMs: 4_000,
        attempt: 2,
        maxAttempts: 3
      })
    )
    expect(screen.queryByTestId('service-wait')).toBeNull()
    expect(screen.queryByTestId('status-rate-limit')).toBeNull()
  })
})

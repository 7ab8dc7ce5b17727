import { MarketQueryError } from '../data/market-result'
import type { Provenance } from '../data/market-result'
import { useExpiredOn } from '../data/use-expiry'
import { useServiceState, useUserRequest } from '../data/use-service-state'
import type { LocationPlace } from '../lib/location-ref'
import { oldestTime } from '../lib/staleness'
import { useAnnounceOnce } from './LiveAnnouncer'
import { ErrorNotice } from './ErrorNotice'
import { Skeleton } from './Skeleton'
import { useNow } from './use-now'
import './service-notice.css'

/**
 * Seconds left of a wait main announced `waitMs` long at `receivedAt` (performance.now()). Display
 * only: nothing is decided on it, and a change of the wall clock does not move it.
 */
function useSecondsLeft(receivedAt: number, waitMs: number): number {
  const now = useNow(1_000, monotonicNow)
  const leftMs = Math.min(waitMs, receivedAt + waitMs - now)
  return Math.max(0, Math.ceil(leftMs / 1_000))
}

const monotonicNow = () => performance.now()

function holdText(secondsLeft: number): string {
  const wait = secondsLeft > 0 ? `${secondsLeft} s` : 'going on now'
  return `Waiting for the service (rate limited, ${wait})`
}

/**
 * The wait while main holds lookups because the service asked to: they go on by themselves after
 * it. Said once when a hold arrives; the countdown is not a live region.
 */
function WaitNotice(props: { onRetryNow?: () => void }) {
  const { state, receivedAt } = useServiceState()
  const waitMs = state.kind === 'holding' ? state.waitMs : 0
  const seconds = useSecondsLeft(receivedAt, waitMs)
  useAnnounceOnce(holdText(Math.ceil(waitMs / 1_000)), receivedAt, false)
  return (
    <span className="notice service-wait" data-testid="service-wait">
      <span aria-live="off">{holdText(seconds)}</span>{' '}
      {props.onRetryNow ? (
        <button type="button" className="btn btn-small" onClick={props.onRetryNow}>
          Retry now
        </button>
      ) : null}
    </span>
  )
}

/**
 * What a screen says about its lookups and the service: while its queries wait in main for a rate
 * limit, the wait; else its error, the quota guard's own when the guard paused or stopped
 * lookups. "Retry now" asks main to go on (resumeService), then refetches what failed.
 */
export function ServiceNotice(props: {
  busy: boolean
  error: MarketQueryError | null | undefined
  onRetry: () => void
  /** The figures shown meanwhile: the oldest is the cached data an error notice offers. */
  metas?: readonly Provenance[] | undefined
  /** Whose figures are shown: those made available offline do not expire. */
  locations?: readonly LocationPlace[]
  context?: string | undefined
}) {
  const { state, receivedAt } = useServiceState()
  const expiredOn = useExpiredOn()
  const userRequest = useUserRequest()
  const retryNow = () => void userRequest(props.onRetry)
  if (props.busy && state.kind === 'holding') return <WaitNotice onRetryNow={retryNow} />
  if (!props.error) return null
  const guardSpeaks = state.kind === 'paused' || state.kind === 'stopped'
  const cachedAt = oldestTime((props.metas ?? []).map((meta) => meta.fetchedAt))
  // A pause's wait as it stands now (said once; the status bar follows it).
  const leftMs = state.kind === 'paused' ? state.waitMs - (monotonicNow() - receivedAt) : 0
  const wait = leftMs >= 1_000 ? { retryAfterMs: leftMs } : {}
  return (
    <ErrorNotice
      error={guardSpeaks ? new MarketQueryError({ ...state.error, ...wait }) : props.error}
      onRetry={retryNow}
      retryLabel={guardSpeaks ? 'Retry now' : undefined}
      cachedAt={cachedAt}
      cacheExpiredOn={cachedAt ? expiredOn(cachedAt, props.locations) : undefined}
      context={props.context}
    />
  )
}

/** A skeleton while loading, or the wait's words while main holds lookups for a rate limit. */
export function LoadingOrWait(props: { width?: number | string; label?: string }) {
  return useServiceState().state.kind === 'holding' ? <WaitNotice /> : <Skeleton {...props} />
}

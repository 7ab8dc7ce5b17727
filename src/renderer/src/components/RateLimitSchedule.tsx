import type { AutomaticRetry } from '../api/screen-retry'
import { RATE_LIMIT_POLICY } from '../api/retry-policy'
import { Announce } from './Announce'
import { useNow } from './use-now'

/** "42 s" under two minutes, else whole minutes ("12 min"). */
function formatWait(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000))
  return seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`
}

function Countdown(props: { dueAt: number }) {
  const now = useNow(1_000)
  const remainingMs = props.dueAt - now
  return remainingMs > 0 ? (
    <>Retrying automatically in {formatWait(remainingMs)}.</>
  ) : (
    <>Retrying…</>
  )
}

function scheduleText(automatic: AutomaticRetry | undefined) {
  if (!automatic) return 'Wait a moment, then use Retry now.'
  switch (automatic.kind) {
    case 'scheduled':
      return <Countdown key={automatic.dueAt} dueAt={automatic.dueAt} />
    case 'retrying':
      return 'Retrying…'
    case 'later':
      return automatic.reason === 'long-wait'
        ? 'The service asked to wait more than an hour, so the app will not retry by itself. Try again later, or use Retry now.'
        : `Still limited after ${RATE_LIMIT_POLICY.maxAutomaticRetries} automatic retries. Try again later, or use Retry now.`
  }
}

/** What happens next after "too many requests": the countdown, or why there is none. */
export function RateLimitSchedule(props: { automatic: AutomaticRetry | undefined }) {
  const now = useNow(1_000)
  const { automatic } = props
  const when = automatic?.kind === 'scheduled' ? automatic.dueAt : (automatic?.kind ?? 'none')
  const spoken =
    automatic?.kind === 'scheduled'
      ? `Retrying automatically in ${formatWait(automatic.dueAt - now)}.`
      : automatic?.kind === 'retrying'
        ? 'Retrying…'
        : ''
  // The visible countdown is left out of the notice's live region: it is said once per schedule.
  return (
    <>
      <span data-testid="rate-limit-countdown" aria-live="off">
        {scheduleText(automatic)}
      </span>
      <Announce when={when} message={spoken} />
    </>
  )
}

import type { ActiveWait } from '../api/service-waits'
import { Skeleton } from './Skeleton'
import { useNow } from './use-now'
import './service-wait.css'

/** The words for a wait: the countdown of a rate limit, or which attempt comes next. */
export function serviceWaitText(wait: ActiveWait, now: number): string {
  if (wait.reason === 'rate-limited') {
    const seconds = Math.ceil((wait.until - now) / 1000)
    return seconds > 0
      ? `Waiting for the service (rate limited, retrying in ${seconds} s)`
      : 'Waiting for the service (rate limited, retrying now)'
  }
  return `Waiting for the service (retrying, attempt ${wait.attempt} of ${wait.maxAttempts})`
}

/**
 * Shown in place of a spinner while the lookup waits before its next attempt. The countdown is
 * not a live region: the status bar says once that the service is being waited for.
 */
export function ServiceWaitNotice(props: { wait: ActiveWait }) {
  const now = useNow(1_000)
  return (
    <span
      className="service-wait"
      data-testid="service-wait"
      data-reason={props.wait.reason}
      aria-live="off"
    >
      {serviceWaitText(props.wait, now)}
    </span>
  )
}

/** A skeleton while loading, or why the answer is late when the lookup waits to retry. */
export function LoadingOrWait(props: {
  wait: ActiveWait | undefined
  width?: number | string
  label?: string
}) {
  if (props.wait) return <ServiceWaitNotice wait={props.wait} />
  return (
    <Skeleton
      {...(props.width === undefined ? {} : { width: props.width })}
      {...(props.label === undefined ? {} : { label: props.label })}
    />
  )
}

import { useMutation } from '@tanstack/react-query'
import type { Provenance } from '../data/market-result'
import { useConnectionStatus } from '../data/use-settings'
import { useUserRequest } from '../data/use-service-state'
import { formatAge, formatDate, formatDateTime } from '../lib/format'
import { useExpiredOn } from '../data/use-expiry'
import type { LocationPlace } from '../lib/location-ref'
import { isStale, oldestTime } from '../lib/staleness'
import { RefreshIcon } from './icons'
import { useToast } from './Toasts'
import { useNow } from './use-now'
import './provenance.css'

const SOURCE_LABELS: Record<Provenance['source'], string> = {
  demo: 'Demo data',
  remote: 'Your service',
  unknown: 'Unknown source'
}

/** Where figures come from, marked illustrative when the service in use says its figures are. */
export function SourceBadge(props: { source: Provenance['source'] }) {
  const said = useConnectionStatus().data?.demoNotice
  const notice = props.source === 'remote' ? said : undefined
  const illustrative = props.source === 'demo' || notice !== undefined
  return (
    <span
      className={`badge ${illustrative ? 'badge-demo' : 'badge-remote'}`}
      title={
        props.source === 'demo'
          ? 'Illustrative figures from the bundled demo dataset'
          : notice
            ? `Your service says: ${notice}`
            : 'Figures from the service you configured'
      }
      data-testid="source-badge"
    >
      {notice ? 'Your service: illustrative data' : SOURCE_LABELS[props.source]}
    </span>
  )
}

/**
 * "Expired on <date>" past the cache's age limit (never for locations made available offline),
 * "Stale" past a day, else nothing. `expired`: when it expired, as useExpiredOn decides.
 */
export function StaleBadge(props: { fetchedAt: string; now: number; expired: Date | undefined }) {
  if (!props.expired && !isStale(props.fetchedAt, props.now)) return null
  return (
    <span
      className="badge badge-warning"
      title={
        props.expired
          ? `Fetched ${formatDateTime(props.fetchedAt)}; past the cache's age limit (Settings). Refresh online to update.`
          : `Fetched ${formatAge(props.fetchedAt, props.now)}: older than 24 hours. Refresh to update.`
      }
      data-testid={props.expired ? 'expired-badge' : 'stale-badge'}
    >
      {props.expired ? `Expired on ${formatDate(props.expired.toISOString())}` : 'Stale'}
    </span>
  )
}

/** A one-line tooltip text for a single figure. */
export function provenanceTitle(meta: Provenance): string {
  return `${SOURCE_LABELS[meta.source]} · fetched ${formatDateTime(meta.fetchedAt)}`
}

/**
 * Source, as-of time, stale badge and a Refresh action that reports its outcome. Used beside the
 * ServiceNotice of the same figures, which says why a refresh failed.
 */
export function ProvenanceBar(props: {
  metas: readonly Provenance[]
  /** Refetches the figures: true when every one answered (see refetchAll). */
  onRefresh?: () => Promise<boolean>
  label?: string
  /** Whose figures these are (see StaleBadge). */
  locations?: readonly LocationPlace[]
}) {
  const now = useNow()
  const expiredOn = useExpiredOn()
  const notify = useToast()
  const userRequest = useUserRequest()
  const sources = [...new Set(props.metas.map((meta) => meta.source))]
  const asOf = oldestTime(props.metas.map((meta) => meta.fetchedAt))
  // Why a refresh failed is said once, by the section's own error notice (ServiceNotice): not
  // here, not in a toast.
  const refresh = useMutation({
    mutationFn: (onRefresh: () => Promise<boolean>) => userRequest(onRefresh),
    onSuccess: (updated) => {
      if (updated) notify({ tone: 'success', title: 'Updated', detail: props.label })
    }
  })
  const outcome = refresh.isSuccess ? (refresh.data ? 'Updated' : 'Refresh failed') : undefined
  const refreshing = refresh.isPending
  const { onRefresh } = props

  return (
    <div className="cluster provenance small" data-testid="provenance">
      {sources.map((source) => (
        <SourceBadge key={source} source={source} />
      ))}
      {asOf ? (
        <>
          <span className="muted" title={`Oldest figure fetched ${formatAge(asOf, now)}`}>
            as of {formatDateTime(asOf)}
          </span>
          <StaleBadge fetchedAt={asOf} now={now} expired={expiredOn(asOf, props.locations, now)} />
        </>
      ) : (
        <span className="faint">Not loaded yet</span>
      )}
      {onRefresh ? (
        <button
          type="button"
          className="btn btn-small btn-ghost"
          onClick={() => refresh.mutate(onRefresh)}
          disabled={refreshing}
          aria-label={props.label ? `Refresh ${props.label}` : 'Refresh'}
        >
          <RefreshIcon size={13} className={refreshing ? 'spin' : undefined} />
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      ) : null}
      <span className="muted" aria-live="polite" data-testid="refresh-outcome">
        {outcome}
      </span>
    </div>
  )
}

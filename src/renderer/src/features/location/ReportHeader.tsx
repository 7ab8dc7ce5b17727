import type { Settings } from '@shared/settings'
import type { Provenance } from '../../data/market-result'
import { useStores } from '../../data/app-deps'
import { useNow } from '../../components/use-now'
import { useReportMode } from '../../components/report-mode'
import { formatDateTime } from '../../lib/format'
import type { LocationRef } from '../../lib/location-ref'
import { assumptionsSummary } from '../../lib/net-yield'
import { isStale, oldestTime } from '../../lib/staleness'
import { useStoreValue } from '../../stores/persistent-store'

const SOURCE_WORDS: Record<Provenance['source'], string> = {
  demo: 'the bundled demo dataset',
  remote: 'your service',
  unknown: 'an unknown source'
}

/**
 * The report's first page (printed only, under the screen's own title): who hands it over (the
 * agent block from Settings), their notes, where the figures came from and when, whether they are
 * stale or demo data, and the user's assumptions behind net yield (residential only).
 * `data-report-footer` holds the line main prints at the foot of every page.
 */
export function ReportHeader(props: {
  location: LocationRef
  metas: readonly Provenance[]
  settings: Settings
}) {
  const stores = useStores()
  const assumptions = useStoreValue(stores.yieldAssumptions)
  const { location, metas, settings } = props
  const sources = [...new Set(metas.map((meta) => meta.source))]
  const asOf = oldestTime(metas.map((meta) => meta.fetchedAt))
  const now = useNow()
  const newest = metas
    .map((meta) => meta.fetchedAt)
    .sort()
    .at(-1)
  const demo = sources.includes('demo')
  const sourceWords = sources.map((source) => SOURCE_WORDS[source]).join(' and ') || '—'
  const asOfText =
    (asOf ? formatDateTime(asOf) : '—') +
    (newest && asOf && formatDateTime(newest) !== formatDateTime(asOf)
      ? ` to ${formatDateTime(newest)}`
      : '')
  const footer = [
    `${location.name}: Market Explorer report`,
    `Source: ${sourceWords}`,
    `As of ${asOfText}`,
    ...(demo ? ['DEMO DATA, not for decisions'] : [])
  ].join(' · ')
  const { name, agency, contact } = settings.agent
  const notes = useReportMode()?.notes.trim()
  return (
    <section
      className="report-only"
      data-testid="report-header"
      data-report-footer={footer}
      aria-hidden="true"
    >
      {name || agency || contact ? (
        <address className="report-agent" data-testid="report-agent">
          <span>
            Prepared by <strong>{[name, agency].filter(Boolean).join(', ')}</strong>
          </span>
          {contact ? <span>{contact}</span> : null}
        </address>
      ) : null}
      {notes ? (
        <div data-testid="report-notes">
          <h2>Notes</h2>
          <p className="report-notes small">{notes}</p>
        </div>
      ) : null}
      {demo ? (
        <p className="report-demo" data-testid="report-demo-mark">
          DEMO DATA: the neighbourhood names are real, but every price and growth figure is
          illustrative. Do not use this report for decisions.
        </p>
      ) : null}
      <dl className="report-facts">
        <dt>Source</dt>
        <dd>
          {sourceWords}
          {sources.includes('remote') && settings.baseUrl ? ` (${settings.baseUrl})` : ''}
        </dd>
        <dt>As of</dt>
        <dd data-testid="report-as-of">{asOfText}</dd>
        <dt>Stale</dt>
        <dd>
          {!asOf
            ? 'No figure in this report could be fetched'
            : isStale(asOf, now)
              ? 'Yes: some figures are older than 24 hours'
              : 'No: every figure was fetched within 24 hours'}
        </dd>
        <dt>Report made</dt>
        <dd>{formatDateTime(now)}</dd>
        <dt>Reading of the figures</dt>
        <dd>
          Rent per {settings.rentPeriod}; growth read as a{' '}
          {settings.growthUnit === 'percent' ? 'percentage' : 'fraction'}.
        </dd>
        {location.sector === 'residential' ? (
          <>
            <dt className="report-net-yield">Your assumptions</dt>
            <dd className="report-net-yield" data-testid="report-assumptions">
              {assumptionsSummary(assumptions)} (used for net yield and move-in cash only)
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  )
}

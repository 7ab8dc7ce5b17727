import type { Settings } from '@shared/settings'
import { currentServiceOf, useObservedSeries } from '../../data/use-observed-history'
import { Sparkline } from '../../components/Sparkline'
import { Table } from '../../components/Table'
import { figuresFor, formatObserved, formatSeen } from '../../history/history-figures'
import type { HistoryFigure } from '../../history/history-figures'
import type { LocationRef } from '../../lib/location-ref'
import './observed-history.css'

/** The values shown in the small table: the newest few, newest first. */
const TABLE_ROWS = 6

/**
 * "Observed by you": each figure of this location whose value changed between the user's own
 * lookups — a record kept on this machine, not the service's growth figure.
 */
export function ObservedHistory(props: { location: LocationRef; settings: Settings }) {
  const { location, settings } = props
  const series = useObservedSeries()
  if (!series) return null
  const figures = figuresFor(series, location, currentServiceOf(settings), settings.bedTypes)
  if (figures.length === 0) return null
  return (
    <section
      className="card observed report-history"
      aria-labelledby="observed-heading"
      data-testid="observed-history"
    >
      <div className="card-header">
        <h2 id="observed-heading">
          Observed by you <span className="badge badge-remote badge-observed">your record</span>
        </h2>
      </div>
      <p className="card-intro muted">
        Values this app received from the service on your own lookups, stored on this machine when a
        figure changed. This is not the service&apos;s growth figure above.
      </p>
      <div className="observed-grid">
        {figures.map((figure) => (
          <ObservedFigure key={figure.id} figure={figure} settings={settings} />
        ))}
      </div>
    </section>
  )
}

function ObservedFigure(props: { figure: HistoryFigure; settings: Settings }) {
  const { figure } = props
  const newestFirst = [...figure.observations].reverse().slice(0, TABLE_ROWS)
  const headingId = `observed-${figure.id.replace(/[^a-zA-Z0-9]/g, '-')}`
  return (
    <figure className="observed-figure" data-testid="observed-figure" data-label={figure.label}>
      <figcaption id={headingId}>
        <strong>{figure.label}</strong>{' '}
        <span className="muted small num">{figure.observations.length} values</span>
      </figcaption>
      <Sparkline
        points={figure.observations.map((o) => ({ at: o.firstSeenAt, value: o.value }))}
        label={`${figure.label}: ${figure.observations.length} observed values, oldest to newest`}
      />
      <Table className="observed-table" columns={['Value', 'Seen']} aria-labelledby={headingId}>
        {newestFirst.map((observation) => (
          <tr key={observation.firstSeenAt}>
            <td className="num">{formatObserved(figure, observation, props.settings)}</td>
            <td className="muted">{formatSeen(observation)}</td>
          </tr>
        ))}
      </Table>
    </figure>
  )
}

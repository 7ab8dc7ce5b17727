import { useState } from 'react'
import type { Settings } from '@shared/settings'
import { useHistory } from '../../data/app-deps'
import { useObservedSeries } from '../../data/use-observed-history'
import { useSaveCsv } from '../../components/use-save-export'
import { EmptyState } from '../../components/EmptyState'
import { SourceBadge } from '../../components/Provenance'
import { Sparkline } from '../../components/Sparkline'
import { Table } from '../../components/Table'
import { formatNumber, plural } from '../../lib/format'
import { buildHistoryCsv } from '../../history/history-csv'
import { formatObserved, formatSeen, toHistoryFigure } from '../../history/history-figures'
import type { HistoryFigure } from '../../history/history-figures'
import { humanizeSlug } from '../../lib/location-ref'
import { historyGroups } from './history-groups'

/**
 * The observed history in the offline library: per service (demo and remote apart), per
 * location, each figure's values as this machine saw them. Exported as CSV.
 */
export function HistoryLibrary(props: {
  settings: Settings
  /** "NG:ikoyi" → its name, from the cached locations lists. */
  names: ReadonlyMap<string, { name: string }>
}) {
  const series = useObservedSeries()
  const { maxSeries } = useHistory()
  const saveCsv = useSaveCsv()
  if (!series) return null
  const figures = series.map((one) => toHistoryFigure(one, props.settings.bedTypes))
  const nameOf = (figure: HistoryFigure) =>
    props.names.get(`${figure.countryCode}:${figure.location}`)?.name ??
    humanizeSlug(figure.location)
  const groups = historyGroups(figures)
  const observations = figures.reduce((sum, figure) => sum + figure.observations.length, 0)
  return (
    <section className="card" aria-labelledby="history-heading" data-testid="history-library">
      <div className="card-header">
        <h2 id="history-heading">Observed history</h2>
        <button
          type="button"
          className="btn btn-small"
          disabled={figures.length === 0}
          onClick={() => saveCsv('observed-history', () => buildHistoryCsv(figures, nameOf))}
          data-testid="export-history-csv"
        >
          Export history (CSV)
        </button>
      </div>
      {figures.length >= maxSeries ? (
        <p className="notice" role="note" data-testid="history-full">
          The history is full: it keeps {formatNumber(maxSeries)} figures and drops none of them, so
          figures you look at for the first time are not recorded now. Clearing the cache with its
          history (Settings) makes room.
        </p>
      ) : null}
      {figures.length === 0 ? (
        <EmptyState title="No observations yet" testId="history-empty">
          Each figure you look up is recorded here with its date; when the service&apos;s value
          changes between your visits, both values are kept.
        </EmptyState>
      ) : (
        <div className="history-groups">
          <p className="muted small">
            {formatNumber(observations)} values of {formatNumber(figures.length)} figures, kept on
            this computer even when the cache is cleared (unless you choose otherwise).
          </p>
          {groups.map((group) => (
            <div key={group.key} className="history-service">
              <h3>
                <SourceBadge source={group.source} />{' '}
                <span className="muted small">
                  {group.source === 'demo' ? 'embedded demo service' : group.baseUrl}
                </span>
              </h3>
              {group.locations.map((location) => (
                <HistoryLocation
                  key={location.key}
                  name={nameOf(location.figures[0] as HistoryFigure)}
                  figures={location.figures}
                  settings={props.settings}
                />
              ))}
            </div>
          ))}
        </div>
      )}
    </section>
  )
}

/** One location's figures; the table is only built once opened (there may be thousands). */
function HistoryLocation(props: {
  name: string
  figures: readonly HistoryFigure[]
  settings: Settings
}) {
  const [open, setOpen] = useState(false)
  const changed = props.figures.filter((figure) => figure.observations.length > 1).length
  return (
    <details
      className="history-location"
      data-testid="history-location"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>
        <strong>{props.name}</strong>{' '}
        <span className="muted small">
          {plural(props.figures.length, 'figure')} · {changed} changed
        </span>
      </summary>
      {open ? (
        <Table className="history-table" columns={['Figure', 'Trend', 'Values, oldest first']}>
          {props.figures.map((figure) => (
            <tr key={figure.id}>
              <th scope="row">{figure.label}</th>
              <td>
                {figure.observations.length > 1 ? (
                  <Sparkline
                    width={80}
                    height={22}
                    points={figure.observations.map((o) => ({
                      at: o.firstSeenAt,
                      value: o.value
                    }))}
                    label={`${figure.label}: ${figure.observations.length} values`}
                  />
                ) : (
                  <span className="faint small">unchanged</span>
                )}
              </td>
              <td>
                {figure.observations.map((observation) => (
                  <span key={observation.firstSeenAt} className="history-value">
                    <span className="num">
                      {formatObserved(figure, observation, props.settings)}
                    </span>{' '}
                    <span className="faint small">{formatSeen(observation)}</span>
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
    </details>
  )
}

import { useDeferredValue, useState } from 'react'
import { EmptyState } from '../../components/EmptyState'
import { OtherReading } from '../../components/FigureCellView'
import { DatabaseIcon } from '../../components/icons'
import { SourceBadge, StaleBadge } from '../../components/Provenance'
import { useNow } from '../../components/use-now'
import { useExpiredOn } from '../../data/use-expiry'
import { formatDateTime, formatNumber } from '../../lib/format'
import { filterEntries } from '../../lib/location-search'
import type { LibraryRow } from './library-rows'
import { Table } from '../../components/Table'
import { LocationCell } from './LocationCell'

const MAX_ROWS = 400

/** Every cached result, searchable, with as-of times. Reads IndexedDB only: works offline. */
export function OfflineLibrary(props: { rows: readonly LibraryRow[] }) {
  const now = useNow()
  const expiredOn = useExpiredOn()
  const [query, setQuery] = useState('')
  const deferred = useDeferredValue(query)
  const matches = filterEntries(props.rows, deferred)
  const shown = matches.slice(0, MAX_ROWS)
  // One source for everything: say it once above the table instead of on every row.
  const sources = [...new Set(props.rows.map((row) => row.meta.source))]
  const sharedSource = sources.length === 1 ? sources[0] : undefined

  return (
    <>
      <div className="card-header library-search">
        <input
          type="search"
          className="input"
          placeholder="Filter cached results…"
          aria-label="Filter cached results"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          data-testid="library-search"
        />
        <span className="muted num" aria-live="polite">
          {formatNumber(matches.length)} of {formatNumber(props.rows.length)}
        </span>
        {sharedSource ? (
          <span className="library-source">
            <SourceBadge source={sharedSource} />
            <span className="muted small">every figure</span>
          </span>
        ) : null}
      </div>
      {props.rows.length === 0 ? (
        <EmptyState
          icon={<DatabaseIcon size={20} />}
          title="Nothing cached yet"
          testId="library-empty"
        >
          Figures you look at are kept on this computer and can be read here offline (after 30 days
          they are marked expired).
        </EmptyState>
      ) : (
        <div className="library-scroll">
          <Table
            caption="Cached results"
            columns={[
              'Location',
              'Figure',
              { label: 'Value', className: 'num' },
              ...(sharedSource ? [] : ['Source']),
              'As of'
            ]}
            className="table-sticky-head"
            testId="offline-library"
          >
            {shown.map((row) => (
              <tr key={row.id}>
                {row.location ? (
                  <LocationCell location={row.location} />
                ) : (
                  <th scope="row">
                    <span className="muted">All locations</span>
                  </th>
                )}
                <td>
                  {row.kind}
                  <div className="faint small">{row.details}</div>
                </td>
                <td className="num" title={row.exactValue}>
                  {row.value}
                  <OtherReading text={row.otherReading} />
                </td>
                {sharedSource ? null : (
                  <td>
                    <SourceBadge source={row.meta.source} />
                  </td>
                )}
                <td className="library-asof">
                  <span className="asof-cell">
                    <span className="num">{formatDateTime(row.meta.fetchedAt)}</span>
                    <StaleBadge
                      fetchedAt={row.meta.fetchedAt}
                      now={now}
                      expired={expiredOn(row.meta.fetchedAt, row.location && [row.location], now)}
                    />
                  </span>
                </td>
              </tr>
            ))}
          </Table>
          {matches.length > shown.length ? (
            <p className="muted library-more">
              Showing the newest {MAX_ROWS} of {formatNumber(matches.length)}. Type to narrow the
              list.
            </p>
          ) : null}
        </div>
      )}
    </>
  )
}

import type { Settings } from '@shared/settings'
import { EmptyState } from '../../components/EmptyState'
import { FieldError } from '../../components/FieldError'
import { CloudOffIcon } from '../../components/icons'
import { MakeOffline } from '../../components/MakeOffline'
import { useNow } from '../../components/use-now'
import { useOfflineLocations } from '../../data/use-offline-locations'
import { formatBytes, formatDateTime, formatNumber, plural } from '../../lib/format'
import { locationKey } from '../../lib/location-ref'
import { Table } from '../../components/Table'
import { LocationCell } from './LocationCell'

const COLUMNS = [
  'Location',
  'Offline',
  { label: 'On disk', className: 'num' },
  { label: 'Actions', hidden: true }
]

/**
 * The locations made available offline: ready (every figure the screens need is cached, with the
 * oldest as-of) or what is missing; their size on disk; update and removal. Also clears the
 * expired figures of other locations.
 */
export function OfflineLocations(props: { settings: Settings }) {
  const offline = useOfflineLocations(props.settings, useNow())
  return (
    <>
      {offline.rows.length === 0 ? (
        <EmptyState
          icon={<CloudOffIcon size={20} />}
          title="No location is kept offline yet"
          testId="offline-locations-empty"
        >
          Use “Make available offline” on the watchlist, in Compare or in Rankings: every figure of
          those locations is fetched once and kept, without expiring, until you remove it.
        </EmptyState>
      ) : (
        <Table caption="Locations available offline" columns={COLUMNS} testId="offline-locations">
          {offline.rows.map((row) => (
            <tr key={locationKey(row.location)} data-testid="offline-location">
              <LocationCell location={row.location} />
              <td data-testid="offline-state">
                {row.missing === 0 ? (
                  <span className="badge badge-ok">Ready offline</span>
                ) : (
                  <span className="badge badge-warning">
                    {formatNumber(row.missing)} of {formatNumber(row.total)} missing
                  </span>
                )}
                {row.oldest ? (
                  <div className="faint small">as of {formatDateTime(row.oldest)}</div>
                ) : null}
              </td>
              <td className="num">
                {plural(row.answers, 'answer')}
                <div className="faint small">{formatBytes(row.bytes)}</div>
              </td>
              <td>
                <div className="row-actions">
                  <MakeOffline
                    locations={[row.location]}
                    settings={props.settings}
                    label={row.missing === 0 ? 'Update' : 'Fetch missing'}
                    refresh={row.missing === 0}
                    small
                  />
                  <button
                    type="button"
                    className="btn btn-small btn-ghost"
                    aria-label={`Remove ${row.location.name} from offline and delete its cached figures`}
                    onClick={() => offline.remove(row.location)}
                  >
                    Remove
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </Table>
      )}
      {offline.expired > 0 ? (
        <p className="card-footer cluster">
          <span className="muted">
            {plural(offline.expired, 'cached figure has', 'cached figures have')} expired (shown
            marked until cleared).
          </span>{' '}
          <button
            type="button"
            className="btn btn-small"
            onClick={offline.clearExpired}
            data-testid="clear-expired"
          >
            Clear expired
          </button>
        </p>
      ) : null}
      {offline.error ? <FieldError message={offline.error.message} /> : null}
    </>
  )
}

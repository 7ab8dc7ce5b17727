import { useStores } from '../../data/app-deps'
import { EmptyState } from '../../components/EmptyState'
import { StarIcon } from '../../components/icons'
import { addedToCompare, useToast } from '../../components/Toasts'
import { locationKey } from '../../lib/location-ref'
import { addToCompare, toggleSaved } from '../../stores/app-stores'
import { useStoreValue } from '../../stores/persistent-store'
import { Table } from '../../components/Table'
import { LocationCell } from './LocationCell'
import type { LibraryRow } from './library-rows'

const COLUMNS = [
  'Location',
  'Sector',
  { label: 'Cached figures', className: 'num' },
  { label: 'Actions', hidden: true }
]

/** Starred locations, with their number of cached figures (rows of the offline library). */
export function Watchlist(props: { rows: readonly LibraryRow[] }) {
  const stores = useStores()
  const notify = useToast()
  const saved = useStoreValue(stores.saved)
  const compared = new Set(useStoreValue(stores.compare).map(locationKey))
  // The location of each cached figure.
  const cached = props.rows.flatMap((row) => (row.location ? [locationKey(row.location)] : []))
  if (saved.length === 0) {
    return (
      <EmptyState icon={<StarIcon size={20} />} title="No saved locations" testId="watchlist-empty">
        Use “Save” on a location page to keep it here.
      </EmptyState>
    )
  }
  return (
    <Table caption="Saved locations" columns={COLUMNS} testId="watchlist">
      {saved.map((ref) => (
        <tr key={locationKey(ref)}>
          <LocationCell location={ref} />
          <td>
            <span className="badge">{ref.sector === 'land' ? 'Land' : 'Residential'}</span>
          </td>
          <td className="num">{cached.filter((key) => key === locationKey(ref)).length}</td>
          <td>
            <div className="row-actions">
              <button
                type="button"
                className="btn btn-small"
                disabled={compared.has(locationKey(ref))}
                onClick={() => {
                  stores.compare.set((list) => addToCompare(list, ref))
                  notify(addedToCompare(ref.name))
                }}
              >
                {compared.has(locationKey(ref)) ? 'In compare' : 'Compare'}
              </button>
              <button
                type="button"
                className="btn btn-small btn-ghost"
                aria-label={`Remove ${ref.name} from saved`}
                onClick={() => stores.saved.set((list) => toggleSaved(list, ref))}
              >
                Remove
              </button>
            </div>
          </td>
        </tr>
      ))}
    </Table>
  )
}

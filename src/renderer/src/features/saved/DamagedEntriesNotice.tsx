import { useDamagedEntries } from '../../data/use-offline-cache'
import { AlertIcon } from '../../components/icons'
import { plural } from '../../lib/format'
import '../../components/error-notice.css'

/** Tells the user some cached records could not be read, and offers to delete just those. */
export function DamagedEntriesNotice() {
  const { keys, remove } = useDamagedEntries()
  const count = keys.length
  if (count === 0) return null
  return (
    <div className="card-notice">
      <div className="notice error-notice" role="status" data-testid="damaged-cache-notice">
        <span className="error-notice-icon">
          <AlertIcon />
        </span>
        <div className="error-notice-body">
          <strong>
            {plural(count, 'cached result is', 'cached results are')} damaged and cannot be read
          </strong>
          <p>
            Everything else below is intact. The damaged records are skipped; removing them frees
            the space, and the figures are fetched again next time you look them up online.
          </p>
          {remove.error ? <p>Could not remove them: {remove.error.message}</p> : null}
        </div>
        <div className="error-notice-actions">
          <button
            type="button"
            className="btn btn-small"
            disabled={remove.isPending}
            onClick={() => remove.mutate(keys)}
            data-testid="remove-damaged-entries"
          >
            {remove.isPending ? 'Removing…' : 'Remove damaged records'}
          </button>
        </div>
      </div>
    </div>
  )
}

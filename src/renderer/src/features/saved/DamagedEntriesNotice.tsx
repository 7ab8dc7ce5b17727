import { useDamagedEntries } from '../../data/use-offline-cache'
import { NoticeFrame } from '../../components/ErrorNotice'
import { plural } from '../../lib/format'

/** Tells the user some cached records could not be read, and offers to delete just those. */
export function DamagedEntriesNotice() {
  const { keys, remove } = useDamagedEntries()
  const count = keys.length
  if (count === 0) return null
  return (
    <div className="card-notice">
      <NoticeFrame
        soft
        title={`${plural(count, 'cached result is', 'cached results are')} damaged and cannot be read`}
        role="status"
        testId="damaged-cache-notice"
        actions={
          <button
            type="button"
            className="btn btn-small"
            disabled={remove.isPending}
            onClick={() => remove.mutate(keys)}
            data-testid="remove-damaged-entries"
          >
            {remove.isPending ? 'Removing…' : 'Remove damaged records'}
          </button>
        }
      >
        <p>
          Everything else below is intact. The damaged records are skipped; removing them frees the
          space, and the figures are fetched again next time you look them up online.
        </p>
        {remove.error ? <p>Could not remove them: {remove.error.message}</p> : null}
      </NoticeFrame>
    </div>
  )
}

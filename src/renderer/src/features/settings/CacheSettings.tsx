import { useState } from 'react'
import { useStores } from '../../data/app-deps'
import { useStoreValue } from '../../stores/persistent-store'
import { useCacheStats, useClearCache } from '../../data/use-offline-cache'
import { useToast } from '../../components/Toasts'
import { formatBytes, formatNumber } from '../../lib/format'
import { FieldError } from '../../components/FieldError'
import { useWholeNumberInput } from '../../components/use-whole-number-input'

/** Size of the offline cache, its age limit, and clearing it (after confirmation). */
export function CacheSettings() {
  const stores = useStores()
  // How many days a cached figure counts as fresh: a whole number from 1 to 3650.
  const days = useWholeNumberInput(
    useStoreValue(stores.cacheDays),
    { min: 1, max: 3650, unit: 'days' },
    (value) => stores.cacheDays.set(value)
  )
  const stats = useCacheStats()
  const clear = useClearCache()
  const notify = useToast()
  // Undefined until first opened: once the confirmation closes, focus goes back to its opener.
  const [confirming, setConfirming] = useState<boolean>()
  const [keepHistory, setKeepHistory] = useState(true)
  const count = stats.data?.entries ?? 0

  return (
    <div className="settings-stack">
      <p data-testid="cache-size">
        {stats.data ? (
          <>
            <strong className="num">{formatNumber(count)}</strong> cached{' '}
            {count === 1 ? 'result' : 'results'}, about{' '}
            <strong className="num">{formatBytes(stats.data.bytes)}</strong>.
          </>
        ) : stats.error ? (
          `Could not read the cache: ${stats.error.message}`
        ) : (
          'Measuring…'
        )}
      </p>
      <div>
        <label className="cluster">
          Cached figures count as fresh for
          <input className="input cache-days" {...days.input} data-testid="cache-days" />
          days, then are marked expired (locations made available offline never expire).
        </label>
        {days.problem}
      </div>
      {confirming ? (
        <div
          className="notice notice-negative stack"
          role="alertdialog"
          aria-label="Confirm clearing the cache"
          aria-describedby="confirm-clear-text"
        >
          <p id="confirm-clear-text">
            Delete all {formatNumber(count)} cached results? They will no longer be readable
            offline.
          </p>
          <label className="switch-row">
            <input
              type="checkbox"
              checked={keepHistory}
              onChange={(event) => setKeepHistory(event.target.checked)}
              data-testid="keep-history"
            />{' '}
            Keep my observed history (the values I saw and when)
          </label>
          <div className="cluster">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() =>
                clear.mutate(
                  { keepHistory },
                  {
                    onSuccess: () => {
                      setConfirming(false)
                      notify({
                        tone: 'success',
                        title: 'Cache cleared',
                        detail: keepHistory ? 'Observed history kept' : 'Observed history deleted'
                      })
                    }
                  }
                )
              }
              disabled={clear.isPending}
              data-testid="confirm-clear-cache"
            >
              Delete cached results
            </button>
            <button type="button" className="btn" onClick={() => setConfirming(false)} autoFocus>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div>
          <button
            type="button"
            autoFocus={confirming === false}
            className="btn btn-danger"
            disabled={count === 0}
            onClick={() => setConfirming(true)}
            data-testid="clear-cache"
          >
            Clear cache…
          </button>
        </div>
      )}
      {clear.error ? <FieldError message={clear.error.message} /> : null}
    </div>
  )
}

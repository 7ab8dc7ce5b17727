import { useState } from 'react'
import { useConnectionStatus } from '../data/use-connection'
import { CloseIcon } from '../components/icons'

/** Problems main fixed on its own this session (e.g. a corrupt settings file reset to defaults). */
export function NoticesBanner() {
  const status = useConnectionStatus()
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set())
  const notices = (status.data?.notices ?? []).filter((notice) => !dismissed.has(notice))
  if (notices.length === 0) return null
  return (
    <div className="notice notices-banner" role="status" data-testid="app-notices">
      <ul>
        {notices.map((notice) => (
          <li key={notice}>{notice}</li>
        ))}
      </ul>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        aria-label="Dismiss notices"
        onClick={() => setDismissed(new Set([...dismissed, ...notices]))}
      >
        <CloseIcon size={14} />
      </button>
    </div>
  )
}

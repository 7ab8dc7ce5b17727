import { memo, useState } from 'react'
import { useConnectionStatus } from '../data/use-settings'
import { CloseIcon } from '../components/icons'

/**
 * Your service's own word that its figures are illustrative (as demo data is), and problems main
 * fixed on its own this session (e.g. a corrupt settings file reset to defaults).
 */
export const NoticesBanner = memo(function NoticesBanner() {
  const status = useConnectionStatus()
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set())
  const illustrative = status.data?.mode === 'remote' ? status.data.demoNotice : undefined
  const said = illustrative
    ? `Your service says its figures are illustrative: “${illustrative}” Do not use them for decisions.`
    : undefined
  const notices = [...(said ? [said] : []), ...(status.data?.notices ?? [])].filter(
    (notice) => !dismissed.has(notice)
  )
  if (notices.length === 0) return null
  return (
    <div className="notice notices-banner" role="status" data-testid="app-notices">
      <ul>
        {notices.map((notice) => (
          <li key={notice} data-testid={notice === said ? 'illustrative-notice' : undefined}>
            {notice}
          </li>
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
})

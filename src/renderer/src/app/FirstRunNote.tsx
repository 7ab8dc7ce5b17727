import { memo } from 'react'
import { useStores } from '../data/app-deps'
import { useSettings } from '../data/use-settings'
import { useRoute } from '../lib/navigation'
import { useStoreValue } from '../stores/persistent-store'
import { SettingsButton } from '../components/SettingsButton'

/**
 * Shown from the first launch while demo data is in use, until dismissed (remembered): what the
 * demo data is, and how to connect a real service.
 */
export const FirstRunNote = memo(function FirstRunNote() {
  const stores = useStores()
  const dismissed = useStoreValue(stores.introDismissed)
  const demo = useSettings().data?.connectionMode === 'demo'
  const inSettings = useRoute().screen === 'settings'
  if (dismissed || !demo) return null
  const dismiss = () => stores.introDismissed.set(true)
  return (
    <section
      className="notice notice-accent first-run"
      aria-labelledby="first-run-title"
      data-testid="first-run"
    >
      <div className="row-text">
        <h2 id="first-run-title">You are looking at demo data</h2>
        <p className="small muted">
          The neighbourhood names are real, but every price and growth figure is made up, so you can
          try Market Explorer without an account. For real figures, choose “Your service” in
          Settings → Connection, enter its base URL and your API key, and press Test connection.
        </p>
      </div>
      <div className="cluster">
        {inSettings ? null : <SettingsButton primary>Connect your service</SettingsButton>}
        <button type="button" className="btn btn-small" onClick={dismiss}>
          Got it
        </button>
      </div>
    </section>
  )
})

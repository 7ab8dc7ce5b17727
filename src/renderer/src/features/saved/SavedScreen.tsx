import { useMemo } from 'react'
import type { Settings } from '@shared/settings'
import { useCachedFigures } from '../../data/use-offline-cache'
import { DamagedEntriesNotice } from './DamagedEntriesNotice'
import { buildLibraryRows, namesFromEntries } from './library-rows'
import { HistoryLibrary } from './HistoryLibrary'
import { OfflineLibrary } from './OfflineLibrary'
import { Watchlist } from './Watchlist'
import './saved.css'
import { ScreenHeader } from '../../components/ScreenHeader'
import { MakeOffline } from '../../components/MakeOffline'
import { useStores } from '../../data/app-deps'
import { useStoreValue } from '../../stores/persistent-store'
import { OfflineLocations } from './OfflineLocations'

export function SavedScreen(props: { settings: Settings }) {
  const stores = useStores()
  const saved = useStoreValue(stores.saved)
  const days = useStoreValue(stores.cacheDays)
  const figures = useCachedFigures()
  const rows = useMemo(() => buildLibraryRows(figures, props.settings), [figures, props.settings])
  const names = useMemo(() => namesFromEntries(figures), [figures])

  return (
    <div className="screen" data-testid="screen-saved">
      <ScreenHeader
        title="Saved and offline"
        subtitle="Your watchlist, and every figure cached on this computer (readable offline)."
      />
      <section className="card" aria-labelledby="watchlist-heading">
        <div className="card-header">
          <h2 id="watchlist-heading">Watchlist</h2>
          {saved.length > 0 ? <MakeOffline locations={saved} settings={props.settings} /> : null}
        </div>
        <Watchlist rows={rows} />
      </section>
      <section className="card" aria-labelledby="offline-heading">
        <div className="card-header">
          <h2 id="offline-heading">Available offline</h2>
          <span className="muted small">Kept without expiring until you remove them</span>
        </div>
        <OfflineLocations settings={props.settings} />
      </section>
      <section className="card" aria-labelledby="library-heading">
        <div className="card-header">
          <h2 id="library-heading">Offline library</h2>
          <span className="muted small">Fresh for {days} days, then kept and marked expired</span>
        </div>
        <DamagedEntriesNotice />
        <OfflineLibrary rows={rows} />
      </section>
      <HistoryLibrary settings={props.settings} names={names} />
    </div>
  )
}

import { EmptyState } from '../components/EmptyState'
import { ScreenHeader } from '../components/ScreenHeader'
import { routeToHash } from '../lib/navigation'

/** For a hash no screen answers to: say so, and offer a way back. */
export function NotFoundScreen(props: { hash: string }) {
  return (
    <div className="screen" data-testid="screen-not-found">
      <ScreenHeader
        title="Page not found"
        subtitle="Market Explorer has no screen at this address."
      />
      <EmptyState
        title="Nothing here"
        action={
          <a
            className="btn btn-primary"
            href={routeToHash({ screen: 'explore', sector: 'residential' })}
          >
            Go to Explore
          </a>
        }
      >
        <span className="mono">{props.hash}</span> may come from an old link or a typo. Find a
        location in Explore, or pick a screen on the left.
      </EmptyState>
    </div>
  )
}

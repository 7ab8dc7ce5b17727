import type { MarketQueryError } from '../../data/market-result'
import { AlertIcon } from '../../components/icons'
import { navigate } from '../../lib/navigation'
import '../../components/error-notice.css'

/** The land-price route does not exist at this service (UNSUPPORTED_ROUTE), not missing data. */
export function isNoLandRoute(error: MarketQueryError | null | undefined): boolean {
  return error?.code === 'UNSUPPORTED_ROUTE'
}

/** Says plainly that this service publishes no land prices, and where to look if it should. */
export function NoLandPrices(props: { error: MarketQueryError }) {
  return (
    <div className="error-notice error-notice-soft" role="status" data-testid="no-land-prices">
      <span className="error-notice-icon">
        <AlertIcon />
      </span>
      <div className="error-notice-body">
        <div className="error-notice-title">
          <strong>This service has no land prices</strong>
        </div>
        <p>
          It has no land-price route, so no location has a land price here; land growth is shown
          where the service has it.
        </p>
        <p>
          If it should have one: in Settings, Test connection looks for the route again, or set its
          path under Route layout → Custom.
        </p>
        <p className="field-hint">{props.error.situation}</p>
      </div>
      <div className="error-notice-actions">
        <button
          type="button"
          className="btn btn-small"
          onClick={() => navigate({ screen: 'settings' })}
        >
          Open Settings
        </button>
      </div>
    </div>
  )
}

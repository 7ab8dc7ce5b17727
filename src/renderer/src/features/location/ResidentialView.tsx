import type { Settings } from '../../../../shared/settings'
import { ErrorNotice } from '../../components/ErrorNotice'
import { EmptyState } from '../../components/EmptyState'
import { ProvenanceBar } from '../../components/Provenance'
import { oldestTime } from '../../lib/staleness'
import type { LocationRef } from '../../lib/location-ref'
import { GrowthByBedChart } from './GrowthByBedChart'
import { PriceMatrix } from './PriceMatrix'
import { PricePathChart } from './PricePathChart'
import { useResidentialMatrix } from './use-residential-matrix'

function assumptionsText(settings: Settings): string {
  const rent =
    settings.rentPeriod === 'month'
      ? 'Rent is quoted per month (× 12 for the annual rent)'
      : 'Rent is quoted per year'
  const growth =
    settings.growthUnit === 'percent'
      ? 'growth is read as a percentage (7.5 = 7.5 %)'
      : 'growth is read as a fraction (0.075 = 7.5 %)'
  return `Gross yield = annual rent ÷ sale price. ${rent}; ${growth}. Change both in Settings.`
}

export function ResidentialView(props: { location: LocationRef; settings: Settings }) {
  const { location, settings } = props
  const matrix = useResidentialMatrix(location, settings)
  const cachedAt = oldestTime(matrix.metas.map((meta) => meta.fetchedAt))
  const allNoData = matrix.rows.length > 0 && matrix.rows.every((row) => row.noData)

  return (
    <>
      <section className="card" aria-labelledby="prices-heading">
        <div className="card-header">
          <h2 id="prices-heading">Prices, yield and growth</h2>
          <ProvenanceBar
            metas={matrix.metas}
            onRefresh={matrix.refresh}
            label={`figures for ${location.name}`}
          />
        </div>
        {matrix.error ? (
          <div className="card-notice">
            <ErrorNotice
              error={matrix.error}
              onRetry={matrix.retryFailed}
              {...(cachedAt ? { cachedAt } : {})}
            />
          </div>
        ) : null}
        {allNoData ? (
          <EmptyState title="No residential data here" testId="location-no-data">
            None of the bed types in Settings ({settings.bedTypes.join(', ')}) has prices for this
            location. Add other bed values in Settings, or use Retry on a bed type.
          </EmptyState>
        ) : null}
        <PriceMatrix rows={matrix.rows} settings={settings} onRetryBeds={matrix.retryBeds} />
        <p className="card-footer muted">{assumptionsText(settings)}</p>
      </section>
      <div className="chart-grid">
        <GrowthByBedChart rows={matrix.rows} location={location} />
        <PricePathChart rows={matrix.rows} location={location} />
      </div>
    </>
  )
}

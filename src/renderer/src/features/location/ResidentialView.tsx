import { GROWTH_MEANING_CHOICES } from '@shared/growth'
import type { Settings } from '@shared/settings'
import { ServiceNotice } from '../../components/ServiceNotice'
import { usePaintedValue } from '../../components/use-after-paint'
import { EmptyState } from '../../components/EmptyState'
import { ProvenanceBar } from '../../components/Provenance'
import { GROWTH_READING, RENT_READING, UnitsHint } from '../../components/UnitsHint'
import { suspectUnits } from '../../lib/plausibility'
import type { LocationRef } from '../../lib/location-ref'
import { PriceMatrix } from './PriceMatrix'
import { ResidentialCharts } from './ResidentialCharts'
import { useResidentialMatrix } from './use-residential-matrix'
import { BedroomPremiumCard, NetYieldCalculator } from './InvestorCards'
import { ObservedHistory } from './ObservedHistory'
import { ReportHeader } from './ReportHeader'

function assumptionsText(settings: Settings): string {
  const meaning = `the growth figure is ${GROWTH_MEANING_CHOICES[settings.growthMeaning]}`
  const reading = `Rent is ${RENT_READING[settings.rentPeriod]}; growth is read as ${GROWTH_READING[settings.growthUnit]}`
  return `Gross yield = annual rent ÷ sale price. ${reading}; ${meaning}.`
}

export function ResidentialView(props: { location: LocationRef; settings: Settings }) {
  const { location, settings } = props
  const matrix = useResidentialMatrix(location, settings)
  const allNoData = matrix.rows.length > 0 && matrix.rows.every((row) => row.noData)
  // Charts take the figures after the matrix, once none is fetching (recharts' tasks are long).
  const chartRows = usePaintedValue(
    matrix.rows,
    matrix.busy ? 'fetching' : JSON.stringify(matrix.rows)
  )
  const suspicion = suspectUnits({
    growth: matrix.rows.flatMap((row) =>
      // Plausibility is judged per year: a total is spread over its period first.
      [row.growthFraction.rent, row.growthFraction.sale].flatMap((g) =>
        g?.perYear === undefined ? [] : [g.perYear]
      )
    ),
    grossYield: matrix.rows.flatMap((row) => (row.yield.status === 'ok' ? [row.yield.value] : []))
  })

  return (
    <>
      <ReportHeader location={location} metas={matrix.metas} settings={settings} />
      <section className="card" aria-labelledby="prices-heading">
        <div className="card-header">
          <h2 id="prices-heading">Prices, yield and growth</h2>
          <ProvenanceBar
            metas={matrix.metas}
            onRefresh={matrix.refresh}
            label={`figures for ${location.name}`}
            locations={[location]}
          />
        </div>
        <div className="card-notice">
          <ServiceNotice
            busy={matrix.busy}
            error={matrix.error}
            onRetry={matrix.retryFailed}
            locations={[location]}
            metas={matrix.metas}
          />
        </div>
        <div className="card-notice printed">
          <UnitsHint suspicion={suspicion} settings={settings} />
        </div>
        {allNoData ? (
          <EmptyState title="No residential data here" testId="location-no-data">
            None of the bed types in Settings ({matrix.rows.map((row) => row.label).join(', ')}) has
            prices for this location. Add other bed values in Settings
            {matrix.rows.some((row) => row.remembered)
              ? ', or use Check again on a bed type known from an earlier visit.'
              : '.'}
          </EmptyState>
        ) : null}
        <PriceMatrix rows={matrix.rows} settings={settings} onRetryBeds={matrix.retryBeds} />
        <p className="card-footer muted">
          {assumptionsText(settings)} <span className="screen-only">Change these in Settings.</span>
        </p>
      </section>
      <ResidentialCharts rows={chartRows} location={location} meaning={settings.growthMeaning} />
      <ObservedHistory location={location} settings={settings} />
      <BedroomPremiumCard rows={matrix.rows} settings={settings} />
      <NetYieldCalculator rows={matrix.rows} settings={settings} />
    </>
  )
}

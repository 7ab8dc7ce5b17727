import { useQuery } from '@tanstack/react-query'
import type { Settings } from '@shared/settings'
import type { MarketQueryError } from '../../data/market-result'
import { useMarket, useStores } from '../../data/app-deps'
import { figureQuery, refetchAll } from '../../data/queries'
import { locationFigures } from '../../data/location-figures'
import { useRecordSightings } from '../../data/use-observed-history'
import { ErrorDetails, NoticeFrame, plainMessage } from '../../components/ErrorNotice'
import { ProvenanceBar, provenanceTitle } from '../../components/Provenance'
import { ServiceNotice } from '../../components/ServiceNotice'
import { Stat } from '../../components/Stat'
import { UnitsHint } from '../../components/UnitsHint'
import { growthLabel, growthValue } from '../../lib/growth'
import type { LocationRef } from '../../lib/location-ref'
import { suspectUnits } from '../../lib/plausibility'
import { DerivedPathChart, derivePaths, locationExportInfo } from './DerivedPathChart'
import { FigureCellView } from '../../components/FigureCellView'
import { ObservedHistory } from './ObservedHistory'
import { SettingsButton } from '../../components/SettingsButton'
import { ReportHeader } from './ReportHeader'
import { useStoreValue } from '../../stores/persistent-store'
import { isFailure, shownState } from './residential-matrix-model'

/** Says plainly that this service publishes no land prices, and where to look if it should. */
function NoLandPrices(props: { error: MarketQueryError }) {
  return (
    <NoticeFrame
      soft
      title="This service has no land prices"
      role="status"
      testId="no-land-prices"
      actions={<SettingsButton>Open Settings</SettingsButton>}
    >
      <p>
        It has no land-price route, so no location has a land price here; land growth is shown where
        the service has it.
      </p>
      <p>
        If it should have one: in Settings, Test connection looks for the route again, or set its
        path under Route layout → Custom.
      </p>
      <p className="small">
        {plainMessage({ message: props.error.situation, status: props.error.status })}
      </p>
      <ErrorDetails error={props.error} />
    </NoticeFrame>
  )
}

export function LandView(props: { location: LocationRef; settings: Settings }) {
  const { location, settings } = props
  const params = { location: location.slug, countryCode: location.countryCode }
  const market = useMarket()
  const display = useStoreValue(useStores().displayCurrency)
  const priceQuery = figureQuery(market, { kind: 'landPrice', ...params })
  const growthOfLand = figureQuery(market, { kind: 'growth', ...params, sector: 'land' })
  const price = useQuery(priceQuery)
  const growth = useQuery(growthOfLand)
  // A missing land-price route (not missing data) is said plainly on its own, not as an error.
  const noLandRoute = price.error?.code === 'UNSUPPORTED_ROUTE' ? price.error : null
  const failed = [price, growth].filter(isFailure)
  const error = failed.map((query) => query.error).find((e) => e !== noLandRoute) ?? undefined
  const retryFailed = () => failed.forEach((query) => void query.refetch())
  useRecordSightings(
    [
      { queryKey: priceQuery.queryKey, data: price.data },
      { queryKey: growthOfLand.queryKey, data: growth.data }
    ],
    settings
  )
  // The figures as Compare shows them; their tips: the exact figure and where it came from.
  const figures = locationFigures(
    { land: shownState(price), growth: shownState(growth) },
    { settings, display, compact: false, priceAbout: () => 'land price' }
  )
  const { metas } = figures
  const landPrice = figures.cells.land ?? { status: 'loading' }
  const landGrowth = figures.growth && growthValue(figures.growth, settings)
  const suspicion = suspectUnits({
    growth: landGrowth?.perYear === undefined ? [] : [landGrowth.perYear]
  })
  const paths = derivePaths([
    { key: 'land', label: 'Land price', price: price.data?.data, growth: landGrowth }
  ])

  return (
    <>
      <ReportHeader location={location} metas={metas} settings={settings} />
      <section className="card" aria-labelledby="land-heading">
        <div className="card-header">
          <h2 id="land-heading">Land prices and growth</h2>
          <ProvenanceBar
            metas={metas}
            onRefresh={() => refetchAll([price.refetch, growth.refetch])}
            label={`land figures for ${location.name}`}
            locations={[location]}
          />
        </div>
        {noLandRoute ? (
          <div className="card-notice">
            <NoLandPrices error={noLandRoute} />
          </div>
        ) : null}
        <div className="card-notice">
          <ServiceNotice
            busy={price.isFetching || growth.isFetching}
            error={error}
            onRetry={retryFailed}
            locations={[location]}
            metas={metas}
          />
        </div>
        <div className="card-notice printed">
          <UnitsHint suspicion={suspicion} settings={settings} />
        </div>
        <div className="stat-grid">
          <Stat
            label="Average land price"
            testId="land-price"
            hint={
              noLandRoute
                ? 'This service publishes no land prices.'
                : landPrice.status === 'no-data'
                  ? 'No land price here: the service may not publish land prices at all.'
                  : landPrice.status === 'ok' && price.data
                    ? `${landPrice.tooltip} · ${provenanceTitle(price.data.meta)}`
                    : undefined
            }
          >
            {noLandRoute ? (
              <span className="cell-no-data">No land prices</span>
            ) : (
              <FigureCellView cell={landPrice} />
            )}
          </Stat>
          <Stat
            label="Growth"
            testId="land-growth"
            hint={growthLabel(settings.growthMeaning, growth.data?.data.period)}
          >
            <FigureCellView cell={figures.cells.growth ?? { status: 'loading' }} />
          </Stat>
        </div>
      </section>
      <DerivedPathChart
        title="Implied land price path"
        meaning={settings.growthMeaning}
        paths={paths}
        exportInfo={locationExportInfo(location, '', metas, 'implied land price path')}
        emptyText={
          noLandRoute
            ? 'This service has no land prices, so there is no land price path.'
            : 'A path needs both a land price and its growth.'
        }
      />
      <ObservedHistory location={location} settings={settings} />
    </>
  )
}

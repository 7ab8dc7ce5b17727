import { useEffect, useMemo, useRef, useState } from 'react'
import { GROWTH_MEANING_WORDS } from '@shared/growth'
import type { Settings } from '@shared/settings'
import type { Sector } from '@shared/spec'
import { useStores } from '../../data/app-deps'
import { useSaveCsv } from '../../components/use-save-export'
import { EmptyState } from '../../components/EmptyState'
import { ServiceNotice } from '../../components/ServiceNotice'
import { ColumnsIcon, DownloadIcon, PlusIcon } from '../../components/icons'
import { ProgressBar } from '../../components/ProgressBar'
import { MakeOffline } from '../../components/MakeOffline'
import { ProvenanceBar } from '../../components/Provenance'
import { ChoiceGroup } from '../../components/ChoiceGroup'
import { SelectField } from '../../components/SelectField'
import { UnitsHint } from '../../components/UnitsHint'
import { usePaintedValue } from '../../components/use-after-paint'
import { useMenuExport } from '../../components/menu-export'
import { bedTypeLabel } from '@shared/bed-types'
import { bedOptions, bedsOrDefault } from '../../lib/beds'
import { growthLabel } from '../../lib/growth'
import { suspectUnits } from '../../lib/plausibility'
import { addToCompare, MAX_COMPARE, withoutLocation } from '../../stores/app-stores'
import { useStoreValue } from '../../stores/persistent-store'
import { SECTOR_OPTIONS, TRANSACTION_TYPE_OPTIONS } from '../../lib/sector-options'
import { AddLocationPanel } from './AddLocationPanel'
import { CompareCharts } from './CompareCharts'
import { buildCompareCsv } from './compare-csv'
import { buildMetricRows, commonGrowthPeriod, currenciesOf, perYearGrowths } from './compare-model'
import { CompareTable } from './CompareTable'
import { useCompareData } from './use-compare-data'
import { useLocationColors } from './location-colors'
import './compare.css'
import { ScreenHeader } from '../../components/ScreenHeader'

export function CompareScreen(props: { settings: Settings }) {
  const { settings } = props
  const stores = useStores()
  const saveCsv = useSaveCsv()
  const screen = useRef<HTMLDivElement>(null)
  const refs = useStoreValue(stores.compare)
  const view = useStoreValue(stores.compareView)
  const display = useStoreValue(stores.displayCurrency)
  const [adding, setAdding] = useState(false)
  const addButton = useRef<HTMLButtonElement>(null)
  // A removed column's button is gone: focus goes to the next column's, the previous one's (the
  // last column) or, when none is left, "Add location", instead of falling to the page body.
  const focusAfterRemove = useRef<number | undefined>(undefined)
  // One sector in the list is the one shown; with both, the user chooses.
  const sectors = [...new Set(refs.map((ref) => ref.sector))]
  const [chosenSector, setSector] = useState<Sector>('residential')
  const sector = sectors.length === 1 ? (sectors[0] ?? chosenSector) : chosenSector
  const beds = bedsOrDefault(settings.bedTypes, view.beds)
  const bedsLabel = bedTypeLabel(beds, settings.bedTypes)
  const shown = useMemo(() => refs.filter((ref) => ref.sector === sector), [refs, sector])
  const data = useCompareData(shown, { type: view.type, beds }, settings, display)
  const options = { ...settings, type: view.type, sector }
  const rows = buildMetricRows(data.columns, options)
  useEffect(() => {
    const index = focusAfterRemove.current
    if (index === undefined) return
    focusAfterRemove.current = undefined
    const buttons = screen.current?.querySelectorAll<HTMLElement>('.compare-remove') ?? []
    ;(buttons[Math.min(index, buttons.length - 1)] ?? addButton.current)?.focus()
  }, [shown.length])
  const colors = useLocationColors(refs)
  const currencies = currenciesOf(rows)
  const mixedCurrencies = rows.some((row) => row.mixedUnits)
  // Prices in several currencies are compared only when all converted to one (no mixed units).
  const comparedConverted = !mixedCurrencies && currencies.length > 1
  const yieldCells = rows.find((row) => row.id === 'yield')?.cells ?? []
  const suspicion = suspectUnits({
    growth: perYearGrowths(data.columns, options),
    grossYield: yieldCells.flatMap((cell) => (cell.status === 'ok' ? [cell.value] : []))
  })

  // Charts take the figures after the table, once none is fetching (recharts' tasks are long).
  const chartProps = {
    refs: shown,
    rows,
    colors,
    metas: data.metas,
    view: { sector, type: view.type, bedsLabel },
    growthSubtitle: `Growth, ${growthLabel(settings.growthMeaning, commonGrowthPeriod(data.columns))}`
  }
  const paintedChartProps = usePaintedValue(
    chartProps,
    data.busy ? 'fetching' : JSON.stringify({ ...chartProps, colors: [...colors] })
  )

  const exportCsv = () =>
    saveCsv('compare', () => buildCompareCsv(data.columns, rows, { ...options, bedsLabel }))
  useMenuExport('csv', screen, exportCsv, shown.length > 0)

  return (
    <div className="screen" data-testid="screen-compare" ref={screen}>
      <ScreenHeader
        title="Compare"
        subtitle={`${refs.length} of ${MAX_COMPARE} locations · price, gross yield and growth (${GROWTH_MEANING_WORDS[settings.growthMeaning]}) side by side`}
      >
        <button
          ref={addButton}
          type="button"
          className="btn"
          onClick={() => setAdding((open) => !open)}
          disabled={refs.length >= MAX_COMPARE}
          aria-expanded={adding}
          data-testid="compare-add"
        >
          <PlusIcon size={14} /> Add location
        </button>
        <button
          type="button"
          className="btn"
          onClick={exportCsv}
          disabled={shown.length === 0}
          data-testid="export-csv"
        >
          <DownloadIcon size={14} /> Export CSV
        </button>
        <MakeOffline locations={refs} settings={settings} />
      </ScreenHeader>
      {adding ? (
        <AddLocationPanel
          initialSector={sector}
          onChoose={(ref) => {
            stores.compare.set((list) => addToCompare(list, ref))
            if (ref.sector !== sector) setSector(ref.sector)
          }}
          onClose={() => setAdding(false)}
        />
      ) : null}
      {refs.length === 0 ? (
        <EmptyState
          icon={<ColumnsIcon size={20} />}
          title="Nothing to compare yet"
          testId="compare-empty"
          action={
            <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
              <PlusIcon size={14} /> Add a location
            </button>
          }
        >
          Add up to {MAX_COMPARE} locations here, or use “Add to compare” on a location page.
        </EmptyState>
      ) : (
        <>
          <div className="cluster compare-toolbar">
            {sectors.length > 1 ? (
              <ChoiceGroup
                hideLegend
                legend="Sector to compare"
                choices={SECTOR_OPTIONS}
                value={sector}
                onChange={setSector}
              />
            ) : null}
            {sector === 'residential' ? (
              <>
                <ChoiceGroup
                  hideLegend
                  legend="Transaction type"
                  choices={TRANSACTION_TYPE_OPTIONS}
                  value={view.type}
                  onChange={(type) => stores.compareView.set({ type, beds })}
                  testId="compare-type"
                />
                <SelectField
                  label="Bed type"
                  value={beds}
                  options={bedOptions(settings.bedTypes)}
                  onChange={(next) => stores.compareView.set({ type: view.type, beds: next })}
                  testId="compare-beds"
                />
              </>
            ) : null}
            <ProvenanceBar
              metas={data.metas}
              onRefresh={data.refresh}
              label="compared figures"
              locations={shown}
            />
          </div>
          <ProgressBar label="Looking up figures" progress={data.progress} onCancel={data.cancel} />
          <ServiceNotice
            busy={data.busy}
            error={data.error}
            onRetry={data.retry}
            locations={shown}
            metas={data.metas}
          />
          <p className="legend-line muted small" data-testid="compare-legend">
            <span className="swatch legend-swatch" aria-hidden="true" /> Best in each row, by the
            rule under its name.{' '}
            {display.currency
              ? `Prices in different currencies are compared only as converted to ${display.currency}.`
              : 'Prices are only compared within one currency.'}
          </p>
          <UnitsHint suspicion={suspicion} settings={settings} />
          {mixedCurrencies ? (
            <p className="notice" role="note" data-testid="mixed-currency-notice">
              These prices are in different currencies ({currencies.join(', ')}), so no best price
              is highlighted. Yield and growth are ratios and are still compared. Choose a display
              currency in Settings to compare converted prices.
            </p>
          ) : null}
          {comparedConverted ? (
            <p className="notice" role="note" data-testid="converted-currency-notice">
              Prices in {currencies.join(', ')} are compared on values converted to{' '}
              {display.currency} with the rates you entered in Settings (each names its date).
            </p>
          ) : null}
          <CompareTable
            caption={`Every figure below is for ${sector === 'land' ? 'land' : `${bedsLabel} homes`}`}
            columns={data.columns}
            rows={rows}
            colors={colors}
            onRemove={(ref) => {
              focusAfterRemove.current = shown.indexOf(ref)
              stores.compare.set((list) => withoutLocation(list, ref))
            }}
          />
          <CompareCharts {...paintedChartProps} />
        </>
      )}
    </div>
  )
}

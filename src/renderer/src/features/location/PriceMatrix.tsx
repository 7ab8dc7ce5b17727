import { ConvertedFigure } from '../../components/ConvertedFigure'
import { OtherReading } from '../../components/OtherReading'
import { ScrollCue } from '../../components/ScrollCue'
import { Table } from '../../components/Table'
import type { Settings } from '@shared/settings'
import { Tooltip } from '../../components/Tooltip'
import { useNow } from '../../components/use-now'
import { formatGrowthReadings, formatPercent, formatPrice } from '../../lib/format'
import { growthLabel, growthToFraction } from '../../lib/growth'
import { isStale } from '../../lib/staleness'
import { MatrixCell } from './MatrixCell'
import { growthPeriodOf } from './residential-matrix-model'
import type { BedRow } from './residential-matrix-model'

function growthTone(fraction: number) {
  return fraction > 0 ? 'up' : fraction < 0 ? 'down' : undefined
}

/** Bed types × rent / sale / gross yield / growth (per year or total), one row per bed type. */
export function PriceMatrix(props: {
  rows: readonly BedRow[]
  settings: Settings
  onRetryBeds: (beds: string) => void
}) {
  const now = useNow()
  const { growthUnit, growthMeaning, rentPeriod } = props.settings
  // When every figure is stale the provenance bar says so once; dots single out the old ones.
  const fetchedTimes = props.rows.flatMap((row) =>
    [row.price.rent, row.price.sale, row.growth.rent, row.growth.sale].flatMap((cell) =>
      cell.status === 'ok' ? [cell.value.meta.fetchedAt] : []
    )
  )
  const markStale = new Set(fetchedTimes.map((time) => isStale(time, now))).size > 1
  const growthWords = growthLabel(growthMeaning, growthPeriodOf(props.rows))
  // Columns carry their report section: the report dialog may leave prices, yields or growth out.
  const priceCell = (cell: BedRow['price']['rent']) => (
    <td className="num report-prices">
      <MatrixCell
        cell={cell}
        now={now}
        markStale={markStale}
        render={(data) => formatPrice(data.price, data.currency).text}
        exact={(data) => formatPrice(data.price, data.currency).exact}
        after={(data) => <ConvertedFigure amount={data.price} currency={data.currency} />}
      />
    </td>
  )
  const readings = (data: { growth: number; period: string }) =>
    formatGrowthReadings(growthToFraction(data.growth, growthUnit), growthMeaning, data.period)
  const growthCell = (cell: BedRow['growth']['rent']) => (
    <td className="num report-growth">
      <MatrixCell
        cell={cell}
        now={now}
        markStale={markStale}
        render={(data) => readings(data).stated}
        tone={(data) => growthTone(growthToFraction(data.growth, growthUnit))}
        after={(data) => <OtherReading text={readings(data).other} />}
      />
    </td>
  )

  return (
    <ScrollCue label="Prices, yield and growth by bed type">
      <Table
        caption={`Prices, gross rental yield and growth (${growthWords}) by bed type`}
        columns={[
          'Bed type',
          { label: 'Rent', className: 'num report-prices', sub: `per ${rentPeriod}` },
          { label: 'Sale price', className: 'num report-prices' },
          { label: 'Gross yield', className: 'num report-yields' },
          { label: 'Rent growth', className: 'num report-growth', sub: growthWords },
          { label: 'Sale growth', className: 'num report-growth', sub: growthWords }
        ]}
        className="matrix"
        testId="price-matrix"
      >
        {props.rows.map((row) => (
          <tr key={row.beds} className={row.noData ? 'is-no-data' : undefined} data-beds={row.beds}>
            <th scope="row">
              <span className="bed-label">{row.label}</span>
              {row.remembered ? (
                <button
                  type="button"
                  className="btn btn-ghost btn-small"
                  onClick={() => props.onRetryBeds(row.beds)}
                  aria-label={`Check ${row.label} again`}
                  title="The service had no data for this bed type here on an earlier visit. Ask it again."
                >
                  Check again
                </button>
              ) : null}
            </th>
            {priceCell(row.price.rent)}
            {priceCell(row.price.sale)}
            <td className="num report-yields" data-testid={`yield-${row.beds}`}>
              {row.yield?.ok ? (
                <Tooltip tip={row.yield.formula}>{formatPercent(row.yield.fraction)}</Tooltip>
              ) : row.yield ? (
                <span className="cell-error" title={row.yield.reason}>
                  —
                </span>
              ) : (
                <span className="faint">—</span>
              )}
            </td>
            {growthCell(row.growth.rent)}
            {growthCell(row.growth.sale)}
          </tr>
        ))}
      </Table>
    </ScrollCue>
  )
}

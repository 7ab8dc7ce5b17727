import { FigureCellView } from '../../components/FigureCellView'
import { ScrollCue } from '../../components/ScrollCue'
import { Table } from '../../components/Table'
import type { Settings } from '@shared/settings'
import { useNow } from '../../components/use-now'
import type { FigureCellState } from '../../data/location-figures'
import { growthLabel } from '../../lib/growth'
import { isStale } from '../../lib/staleness'
import { growthPeriodOf } from './residential-matrix-model'
import type { BedRow } from './residential-matrix-model'

/** Bed types × rent / sale / gross yield / growth (per year or total), one row per bed type. */
export function PriceMatrix(props: {
  rows: readonly BedRow[]
  settings: Settings
  onRetryBeds: (beds: string) => void
}) {
  const now = useNow()
  const { growthMeaning, rentPeriod } = props.settings
  // When every figure is stale the provenance bar says so once; dots single out the old ones.
  const fetchedTimes = props.rows.flatMap((row) =>
    [row.price.rent, row.price.sale, row.growth.rent, row.growth.sale].flatMap((cell) =>
      cell.status === 'ok' ? [cell.meta.fetchedAt] : []
    )
  )
  const markStale = new Set(fetchedTimes.map((time) => isStale(time, now))).size > 1
  const growthWords = growthLabel(growthMeaning, growthPeriodOf(props.rows))
  // Columns carry their report section: the report dialog may leave prices, yields or growth out.
  const figure = (cell: FigureCellState, section: string, testId?: string) => (
    <td className={`num report-${section}`} data-testid={testId}>
      <FigureCellView cell={cell} now={now} markStale={markStale} />
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
            {figure(row.price.rent, 'prices')}
            {figure(row.price.sale, 'prices')}
            {figure(row.yield, 'yields', `yield-${row.beds}`)}
            {figure(row.growth.rent, 'growth')}
            {figure(row.growth.sale, 'growth')}
          </tr>
        ))}
      </Table>
    </ScrollCue>
  )
}

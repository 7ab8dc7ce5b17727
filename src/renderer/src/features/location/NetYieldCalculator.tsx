import { annualRent } from '@shared/figures/figures'
import type { Settings } from '@shared/settings'
import { useStores } from '../../data/app-deps'
import { Table } from '../../components/Table'
import { formatMoney, formatPercent } from '../../lib/format'
import { assumptionsSummary, netYield } from '../../lib/net-yield'
import { useStoreValue } from '../../stores/persistent-store'
import { priceOf } from './residential-matrix-model'
import type { BedRow } from './residential-matrix-model'
import { YieldAssumptionsForm } from './YieldAssumptionsForm'

const COLUMNS = [
  'Bed type',
  { label: 'Gross yield', className: 'num', sub: 'service figures' },
  { label: 'Net yield', className: 'num', sub: 'your assumptions' },
  { label: 'Tenant move-in cash', className: 'num', sub: 'your assumptions' }
]

/** Net yield and a tenant's move-in cash per bed type, from the user's saved assumptions. */
export function NetYieldCalculator(props: { rows: readonly BedRow[]; settings: Settings }) {
  const stores = useStores()
  const assumptions = useStoreValue(stores.yieldAssumptions)
  const netRows = props.rows.flatMap((row) => {
    const [rent, sale] = [priceOf(row.price.rent), priceOf(row.price.sale)]
    if (row.yield.status !== 'ok' || !rent || !sale) return []
    const yearly = annualRent(rent.price, props.settings.rentPeriod)
    const result = netYield(yearly, sale.price, assumptions)
    return [{ ...row, currency: sale.currency, result, grossFraction: row.yield.value }]
  })
  const summary = assumptionsSummary(assumptions)
  return (
    <section
      className="card investor-card"
      aria-labelledby="net-yield-heading"
      data-testid="net-yield"
    >
      <div className="card-header">
        <h2 id="net-yield-heading">Net yield calculator</h2>
        <span className="badge badge-warning">your assumptions</span>
      </div>
      <div className="net-yield-body">
        <YieldAssumptionsForm
          assumptions={assumptions}
          onChange={(next) => stores.yieldAssumptions.set(next)}
        />
        <div>
          <p className="assumptions-line" id="net-yield-assumptions" data-testid="assumptions-line">
            <strong>Your assumptions:</strong> {summary}
          </p>
          {netRows.length === 0 ? (
            <p className="muted">Net yield needs a rent and a sale price for the same bed type.</p>
          ) : (
            <Table
              caption="Net yield and tenant move-in cash, with your assumptions"
              columns={COLUMNS}
              aria-describedby="net-yield-assumptions"
            >
              {netRows.map((row) => (
                <tr key={row.beds} data-net-beds={row.beds}>
                  <th scope="row">{row.label}</th>
                  <td className="num">{formatPercent(row.grossFraction)}</td>
                  <td
                    className="num assumed"
                    data-testid={`net-yield-${row.beds}`}
                    title={
                      row.result
                        ? `Net annual rent ${formatMoney(row.result.netAnnualRent, row.currency)} ÷ sale price, with ${summary}`
                        : undefined
                    }
                  >
                    {row.result ? formatPercent(row.result.fraction) : '—'}
                  </td>
                  <td
                    className="num assumed"
                    data-testid={`move-in-${row.beds}`}
                    title={
                      row.result
                        ? `${formatMoney(row.result.upfrontRent, row.currency)} rent upfront + ${formatMoney(row.result.fees, row.currency)} fees`
                        : undefined
                    }
                  >
                    {row.result
                      ? formatMoney(row.result.moveInCash, row.currency, { compact: true })
                      : '—'}
                  </td>
                </tr>
              ))}
            </Table>
          )}
          <p className="muted small">
            Net yield = (annual rent − vacancy − service charge) ÷ sale price. Move-in cash = rent
            for the years paid upfront + agency and legal fees. Your own figures, not the
            service&apos;s.
          </p>
        </div>
      </div>
    </section>
  )
}

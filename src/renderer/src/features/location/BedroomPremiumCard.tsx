import type { Settings } from '@shared/settings'
import type { TransactionType } from '@shared/spec'
import { Table } from '../../components/Table'
import { bedroomPremiumSteps } from '../../lib/bedroom-premium'
import type { BedroomPremium } from '../../lib/bedroom-premium'
import { bedLabel } from '../../lib/beds'
import { formatMoney, formatPercent } from '../../lib/format'
import { priceOf } from './residential-matrix-model'
import type { BedRow } from './residential-matrix-model'

function premiumsOf(rows: readonly BedRow[], type: TransactionType): BedroomPremium[] {
  return bedroomPremiumSteps(
    rows.map((row) => {
      const price = priceOf(row.price[type])
      return { beds: row.beds, value: price?.price, currency: price?.currency ?? '' }
    })
  )
}

/** What each extra bedroom adds to sale price and rent: the app's arithmetic on the figures. */
export function BedroomPremiumCard(props: { rows: readonly BedRow[]; settings: Settings }) {
  const sale = premiumsOf(props.rows, 'sale')
  const rent = premiumsOf(props.rows, 'rent')
  const stepOf = (item: BedroomPremium) => `${item.fromBeds}→${item.toBeds}`
  const steps = new Map([...sale, ...rent].map((item) => [stepOf(item), item]))
  if (steps.size === 0) return null
  const label = (beds: string) => bedLabel(beds, props.settings.bedTypes)
  const cell = (list: readonly BedroomPremium[], step: string) => {
    const found = list.find((item) => stepOf(item) === step)
    if (!found) return <span className="faint">—</span>
    const sign = found.perBedroom > 0 ? '+' : ''
    return (
      <span
        title={`${formatMoney(found.added, found.currency)} between ${label(found.fromBeds)} and ${label(found.toBeds)}, over ${found.bedrooms} bedroom${found.bedrooms === 1 ? '' : 's'}`}
      >
        {sign}
        {formatMoney(found.perBedroom, found.currency, { compact: true })}{' '}
        <span className="faint">({formatPercent(found.fraction, { signed: true })})</span>
      </span>
    )
  }
  return (
    <section
      className="card investor-card"
      aria-labelledby="premium-heading"
      data-testid="bedroom-premium"
    >
      <div className="card-header">
        <h2 id="premium-heading">Per-bedroom premium</h2>
        <span className="badge">calculated by the app</span>
      </div>
      <Table
        caption="What each extra bedroom adds"
        columns={[
          'Step',
          { label: 'Sale price', className: 'num', sub: 'per extra bedroom' },
          {
            label: 'Rent',
            className: 'num',
            sub: `per extra bedroom (quoted per ${props.settings.rentPeriod})`
          }
        ]}
      >
        {[...steps].map(([step, { fromBeds, toBeds }]) => (
          <tr key={step} data-step={step}>
            <th scope="row">
              {label(fromBeds)} → {label(toBeds)}
            </th>
            <td className="num">{cell(sale, step)}</td>
            <td className="num">{cell(rent, step)}</td>
          </tr>
        ))}
      </Table>
      <p className="card-footer muted">
        The difference between neighbouring bed types in the service&apos;s figures, spread over the
        bedrooms between them; in brackets, as a share of the smaller bed type.
      </p>
    </section>
  )
}

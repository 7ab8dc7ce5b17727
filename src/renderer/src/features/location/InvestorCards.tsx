import { useId, useState } from 'react'
import { annualRent } from '@shared/figures/figures'
import type { Settings } from '@shared/settings'
import type { TransactionType } from '@shared/spec'
import { useStores } from '../../data/app-deps'
import { Table } from '../../components/Table'
import { bedroomPremiumSteps } from '../../lib/bedroom-premium'
import type { BedroomPremium } from '../../lib/bedroom-premium'
import { bedTypeLabel } from '@shared/bed-types'
import { formatMoney, formatPercent } from '../../lib/format'
import { assumptionsSummary, netYield, parseAssumption, YIELD_LIMITS } from '../../lib/net-yield'
import type { AssumptionField, YieldAssumptions } from '../../lib/net-yield'
import { useStoreValue } from '../../stores/persistent-store'
import { priceOf } from './residential-matrix-model'
import type { BedRow } from './residential-matrix-model'
import './investor.css'

/* The investor cards under the residential figures: the app's own arithmetic on them. */

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
  const label = (beds: string) => bedTypeLabel(beds, props.settings.bedTypes)
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
      className="card investor-card report-prices"
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

const FIELDS: ReadonlyArray<{ field: AssumptionField; label: string; unit: string }> = [
  { field: 'serviceChargePercent', label: 'Service charge and maintenance', unit: '% of rent' },
  { field: 'vacancyMonths', label: 'Vacancy', unit: 'months a year' },
  { field: 'feesPercent', label: 'Agency and legal fees', unit: "% of first year's rent" },
  { field: 'upfrontYears', label: 'Rent paid upfront', unit: 'years' }
]

type Drafts = Record<AssumptionField, string>

const draftsOf = (assumptions: YieldAssumptions) =>
  Object.fromEntries(FIELDS.map(({ field }) => [field, String(assumptions[field])])) as Drafts

/**
 * The user's assumptions as text fields: what is typed stays in the field even when it cannot be
 * used (an inline error says why); only valid values are saved and used.
 */
function YieldAssumptionsForm(props: {
  assumptions: YieldAssumptions
  onChange: (next: YieldAssumptions) => void
}) {
  const id = useId()
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(props.assumptions))
  const update = (field: AssumptionField, text: string) => {
    setDrafts((current) => ({ ...current, [field]: text }))
    const parsed = parseAssumption(field, text)
    if (parsed.ok) props.onChange({ ...props.assumptions, [field]: parsed.value })
  }
  return (
    <fieldset className="assumptions-form" data-testid="yield-assumptions">
      <legend>Your assumptions</legend>
      {FIELDS.map(({ field, label, unit }) => {
        const parsed = parseAssumption(field, drafts[field])
        const inputId = `${id}-${field}`
        const errorId = `${inputId}-error`
        const { min, max } = YIELD_LIMITS[field]
        return (
          <div className="assumption-field" key={field}>
            <label htmlFor={inputId}>
              {label} <span className="th-sub block faint">{unit}</span>
            </label>
            <input
              id={inputId}
              className="input num"
              type="text"
              inputMode="decimal"
              value={drafts[field]}
              onChange={(event) => update(field, event.target.value)}
              aria-invalid={!parsed.ok}
              aria-describedby={parsed.ok ? undefined : errorId}
              data-testid={`assumption-${field}`}
              title={`${min} to ${max}`}
            />
            {parsed.ok ? null : (
              <span className="field-error" id={errorId} role="alert">
                {parsed.message}; using {props.assumptions[field]}
              </span>
            )}
          </div>
        )
      })}
    </fieldset>
  )
}

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
      className="card investor-card report-net-yield"
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

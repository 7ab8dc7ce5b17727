import { useState } from 'react'
import type { FormEvent } from 'react'
import { useStores } from '../../data/app-deps'
import { CloseIcon } from '../../components/icons'
import { SelectField } from '../../components/SelectField'
import { Table } from '../../components/Table'
import { parseRateText, rateEntrySchema, withRate } from '../../lib/currency-conversion'
import type { DisplayCurrencyPrefs } from '../../lib/currency-conversion'
import { isoDay } from '../../lib/format'
import { useStoreValue } from '../../stores/persistent-store'

const COMMON_CURRENCIES = ['USD', 'EUR', 'GBP', 'NGN', 'GHS', 'KES', 'ZAR']

/** The add-a-rate form's fields, in reading order: "1 unit of NGN equals 0.0006 of USD as of …". */
const RATE_FIELDS = [
  { key: 'from', words: '1 unit of', testId: 'rate-from' },
  { key: 'rate', words: 'equals', testId: 'rate-value' },
  { key: 'to', words: 'of', testId: 'rate-to' },
  { key: 'asOf', words: 'as of', testId: 'rate-as-of' }
] as const

/** Each field's input: its look, how it is typed, its placeholder (`to`'s: the display currency). */
const RATE_INPUTS = {
  from: { className: 'input rate-code', maxLength: 3, placeholder: 'NGN' },
  rate: { className: 'input rate-value', inputMode: 'decimal', placeholder: '0.0006' },
  to: { className: 'input rate-code', maxLength: 3 },
  asOf: { className: 'input', type: 'date' }
} as const

function emptyDraft() {
  return { from: '', to: '', rate: '', asOf: isoDay(new Date()) }
}

/**
 * An optional currency figures are also shown in, converted with rates the user enters, each with
 * its date. Stored in the renderer (not secret, not a setting main needs).
 */
export function DisplayCurrencySettings() {
  const stores = useStores()
  const prefs = useStoreValue(stores.displayCurrency)
  const [draft, setDraft] = useState(emptyDraft)
  const [problem, setProblem] = useState<string | null>(null)
  const choices = [
    ...new Set([...COMMON_CURRENCIES, ...prefs.rates.flatMap((r) => [r.from, r.to])])
  ]

  const change = (patch: (current: DisplayCurrencyPrefs) => Partial<DisplayCurrencyPrefs>) =>
    stores.displayCurrency.set((current) => ({ ...current, ...patch(current) }))
  const addRate = (event: FormEvent) => {
    event.preventDefault()
    const parsed = rateEntrySchema(isoDay(new Date())).safeParse({
      from: draft.from.trim().toUpperCase(),
      to: (draft.to.trim() || prefs.currency || '').toUpperCase(),
      rate: parseRateText(draft.rate),
      asOf: draft.asOf
    })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const field = issue?.path.join('.') || 'rate'
      setProblem(`Check ${field}: ${issue?.message ?? 'invalid'}`)
      return
    }
    change((current) => ({ rates: withRate(current.rates, parsed.data) }))
    setProblem(null)
    setDraft(emptyDraft())
  }

  return (
    <div className="settings-stack" data-testid="display-currency-settings">
      <SelectField
        label="Show converted figures in"
        value={prefs.currency ?? ''}
        options={[
          { value: '', label: 'None (each figure in its own currency)' },
          ...choices.map((code) => ({ value: code, label: code }))
        ]}
        onChange={(code) => change(() => ({ currency: code || null }))}
        testId="display-currency"
      />
      {prefs.rates.length > 0 ? (
        <Table
          caption="Exchange rates you entered"
          columns={['Rate', 'As of', { label: 'Remove', hidden: true }]}
          className="rates-table"
          testId="exchange-rates"
        >
          {prefs.rates.map((rate) => (
            <tr key={`${rate.from}-${rate.to}-${rate.asOf}`}>
              <td className="mono">
                1 {rate.from} = {rate.rate} {rate.to}
              </td>
              <td>{rate.asOf}</td>
              <td>
                <button
                  type="button"
                  className="btn btn-ghost btn-small"
                  aria-label={`Remove rate ${rate.from} to ${rate.to} of ${rate.asOf}`}
                  onClick={() =>
                    change((current) => ({ rates: current.rates.filter((r) => r !== rate) }))
                  }
                >
                  <CloseIcon size={11} />
                </button>
              </td>
            </tr>
          ))}
        </Table>
      ) : (
        <p className="small muted">No rates entered yet.</p>
      )}
      <form className="rate-form" onSubmit={addRate} aria-label="Add an exchange rate">
        {RATE_FIELDS.map((field) => (
          <label key={field.key}>
            <span className="small muted block">{field.words}</span>
            <input
              {...RATE_INPUTS[field.key]}
              {...(field.key === 'to' ? { placeholder: prefs.currency ?? 'USD' } : {})}
              value={draft[field.key]}
              onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
              data-testid={field.testId}
            />
          </label>
        ))}
        <button type="submit" className="btn" data-testid="rate-add">
          Add rate
        </button>
      </form>
      {problem ? (
        <p className="field-error" role="alert" data-testid="rate-problem">
          {problem}
        </p>
      ) : null}
    </div>
  )
}

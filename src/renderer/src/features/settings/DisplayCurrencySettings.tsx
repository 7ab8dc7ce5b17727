import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { useStores } from '../../data/app-deps'
import { CloseIcon } from '../../components/icons'
import { parseRateText, rateEntrySchema, withRate } from '../../lib/currency-conversion'
import type { DisplayCurrencyPrefs, ExchangeRate } from '../../lib/currency-conversion'
import { isoDay } from '../../lib/format'
import { useStoreValue } from '../../stores/persistent-store'
import './display-currency.css'

const COMMON_CURRENCIES = ['USD', 'EUR', 'GBP', 'NGN', 'GHS', 'KES', 'ZAR']

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
  const id = useId()
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
  const remove = (rate: ExchangeRate) =>
    change((current) => ({ rates: current.rates.filter((r) => r !== rate) }))

  return (
    <div className="settings-stack">
      <label className="inline-field" htmlFor={`${id}-currency`}>
        <span>Show converted figures in</span>
        <select
          id={`${id}-currency`}
          className="select"
          value={prefs.currency ?? ''}
          onChange={(event) => change(() => ({ currency: event.target.value || null }))}
          data-testid="display-currency"
        >
          <option value="">None (each figure in its own currency)</option>
          {choices.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </label>
      {prefs.rates.length > 0 ? (
        <table className="table rates-table" data-testid="exchange-rates">
          <caption className="visually-hidden">Exchange rates you entered</caption>
          <thead>
            <tr>
              <th scope="col">Rate</th>
              <th scope="col">As of</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {prefs.rates.map((rate) => (
              <tr key={`${rate.from}-${rate.to}-${rate.asOf}`}>
                <td className="mono">
                  1 {rate.from} = {rate.rate} {rate.to}
                </td>
                <td>{rate.asOf}</td>
                <td>
                  <button
                    type="button"
                    className="chip-remove"
                    aria-label={`Remove rate ${rate.from} to ${rate.to} of ${rate.asOf}`}
                    onClick={() => remove(rate)}
                  >
                    <CloseIcon size={11} />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="field-hint">No rates entered yet.</p>
      )}
      <form className="rate-form" onSubmit={addRate} aria-label="Add an exchange rate">
        <label htmlFor={`${id}-from`}>
          <span className="field-hint block">1 unit of</span>
          <input
            id={`${id}-from`}
            className="input rate-code"
            value={draft.from}
            maxLength={3}
            placeholder="NGN"
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            data-testid="rate-from"
          />
        </label>
        <label htmlFor={`${id}-rate`}>
          <span className="field-hint block">equals</span>
          <input
            id={`${id}-rate`}
            className="input rate-value"
            inputMode="decimal"
            value={draft.rate}
            placeholder="0.0006"
            onChange={(event) => setDraft({ ...draft, rate: event.target.value })}
            data-testid="rate-value"
          />
        </label>
        <label htmlFor={`${id}-to`}>
          <span className="field-hint block">of</span>
          <input
            id={`${id}-to`}
            className="input rate-code"
            value={draft.to}
            maxLength={3}
            placeholder={prefs.currency ?? 'USD'}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            data-testid="rate-to"
          />
        </label>
        <label htmlFor={`${id}-asOf`}>
          <span className="field-hint block">as of</span>
          <input
            id={`${id}-asOf`}
            className="input"
            type="date"
            value={draft.asOf}
            onChange={(event) => setDraft({ ...draft, asOf: event.target.value })}
            data-testid="rate-as-of"
          />
        </label>
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

import { useId, useState } from 'react'
import { baseUrlProblem } from '@shared/settings'
import type { Settings } from '@shared/settings'
import { useUpdateSettings } from '../../data/use-settings'
import { ChoiceGroup } from '../../components/ChoiceGroup'
import { ApiKeyField } from './ApiKeyField'
import { RouteLayoutSettings } from './RouteLayoutSettings'
import { TestConnection } from './TestConnection'
import { FieldError } from '../../components/FieldError'

export function ConnectionSettings(props: { settings: Settings }) {
  const urlId = useId()
  const update = useUpdateSettings()
  const [draftUrl, setDraftUrl] = useState(props.settings.baseUrl)
  const [draftKey, setDraftKey] = useState('')
  // What is wrong with the typed base URL, by the rule main enforces on save (shared).
  const problem = draftUrl.trim() ? baseUrlProblem(draftUrl.trim()) : undefined
  const hint = problem && `The base URL ${problem}`
  const remote = props.settings.connectionMode === 'remote'
  const urlChanged = draftUrl.trim() !== props.settings.baseUrl

  return (
    <div className="settings-stack">
      <ChoiceGroup
        legend="Data source"
        choices={[
          { value: 'demo', label: 'Demo data', hint: 'The bundled illustrative dataset' },
          {
            value: 'remote',
            label: 'Your service',
            hint: 'A Property Market Data Service you have a key for'
          }
        ]}
        value={props.settings.connectionMode}
        onChange={(connectionMode) => update.mutate({ connectionMode })}
        testId="connection-mode"
      />
      <div className="field">
        <label className="field-label" htmlFor={urlId}>
          Service base URL
        </label>
        <div className="cluster">
          <input
            id={urlId}
            className="input grow"
            type="url"
            inputMode="url"
            spellCheck={false}
            placeholder="https://api.example.com/v1"
            value={draftUrl}
            onChange={(event) => setDraftUrl(event.target.value)}
            aria-invalid={hint ? true : undefined}
            data-testid="base-url-input"
          />
          <button
            type="button"
            className="btn"
            disabled={!urlChanged || Boolean(hint) || update.isPending}
            onClick={() => update.mutate({ baseUrl: draftUrl.trim() })}
            data-testid="base-url-save"
          >
            Save URL
          </button>
        </div>
        <p className={hint ? 'field-error' : 'small muted'}>
          {hint ??
            (remote
              ? 'Paths such as /locations and /residential-prices are joined onto this URL.'
              : 'Used when the data source is “Your service”.')}
        </p>
      </div>
      <ApiKeyField draft={draftKey} onDraftChange={setDraftKey} />
      {remote ? <RouteLayoutSettings settings={props.settings} /> : null}
      <TestConnection
        draft={
          // The saved connection, untouched in the form, is tested as saved: its layout is kept.
          remote && !urlChanged && !draftKey.trim() && props.settings.baseUrl
            ? undefined
            : {
                connectionMode: props.settings.connectionMode,
                // Demo data ignores the address; an unfinished one must not stop its test.
                baseUrl: remote ? draftUrl.trim() : '',
                parameterPlacement: props.settings.parameterPlacement,
                ...(remote && draftKey.trim() ? { apiKey: draftKey.trim() } : {})
              }
        }
        problem={remote ? hint : undefined}
      />
      {update.error ? <FieldError message={update.error.message} code={update.error.code} /> : null}
    </div>
  )
}

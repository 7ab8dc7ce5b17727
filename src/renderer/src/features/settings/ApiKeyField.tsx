import { useId, useRef } from 'react'
import type { KeyStatus } from '@shared/contract'
import { useClearApiKey, useKeyStatus, useSetApiKey } from '../../data/use-settings'
import { Skeleton } from '../../components/Skeleton'
import { FieldError } from '../../components/FieldError'

function describeKey(status: KeyStatus): string {
  if (!status.hasKey || status.storage === 'none') return 'No key saved'
  return status.storage === 'session'
    ? 'A key is kept for this session only'
    : 'A key is saved (encrypted)'
}

/**
 * Write-only API key field: never pre-filled, the saved key is never shown or read back; only
 * whether a key is stored, and how. What is typed is kept by the owner (Test connection uses it
 * before it is saved). The input is uncontrolled so the typed key is never mirrored into a DOM
 * attribute (React copies a controlled input's value into its `value` attribute).
 */
export function ApiKeyField(props: { draft: string; onDraftChange: (draft: string) => void }) {
  const inputId = useId()
  const status = useKeyStatus()
  const setKey = useSetApiKey()
  const clearKey = useClearApiKey()
  const input = useRef<HTMLInputElement>(null)
  const { draft, onDraftChange } = props
  const setDraft = (next: string) => {
    if (input.current && input.current.value !== next) input.current.value = next
    onDraftChange(next)
  }
  const encryptionAvailable = status.data?.encryptionAvailable ?? true
  const error = setKey.error ?? clearKey.error

  // Encrypted when this computer can; else only for this session, which the button says.
  const save = () =>
    setKey.mutate(
      { key: draft, persistence: encryptionAvailable ? 'persistent' : 'session' },
      { onSuccess: () => setDraft('') }
    )

  return (
    <div className="field api-key-field">
      <label className="field-label" htmlFor={inputId}>
        API key
      </label>
      <div className="cluster">
        <input
          id={inputId}
          className="input grow"
          type="password"
          name="market-api-key"
          autoComplete="off"
          spellCheck={false}
          placeholder={
            status.data?.hasKey ? 'Enter a new key to replace the saved one' : 'Paste your API key'
          }
          ref={input}
          defaultValue=""
          onChange={(event) => onDraftChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && draft.trim() && encryptionAvailable) save()
          }}
          data-testid="api-key-input"
        />
        <button
          type="button"
          className="btn btn-primary"
          disabled={!draft.trim() || setKey.isPending}
          onClick={save}
          data-testid={encryptionAvailable ? 'api-key-save' : 'api-key-session'}
        >
          {encryptionAvailable ? 'Save key' : 'Keep for this session only'}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={!status.data?.hasKey || clearKey.isPending}
          onClick={() => clearKey.mutate()}
          data-testid="api-key-clear"
        >
          Clear key
        </button>
      </div>
      <div className="small muted" aria-live="polite" data-testid="api-key-status">
        {status.isPending ? (
          <Skeleton width={160} />
        ) : status.data ? (
          describeKey(status.data)
        ) : (
          'Key status unknown'
        )}
        {status.data?.warning ? (
          <span className="warning-text"> · {status.data.warning}</span>
        ) : null}
      </div>
      {!encryptionAvailable ? (
        <p className="small muted warning-text" data-testid="encryption-unavailable">
          This computer offers no secure storage
          {status.data?.encryptionBackend ? ` (${status.data.encryptionBackend})` : ''}, so the key
          cannot be saved encrypted. You can keep it for this session only.
        </p>
      ) : null}
      {error ? <FieldError message={error.message} code={error.code} /> : null}
      <p className="small muted">
        The key stays in the app’s main process and is never shown again.
      </p>
    </div>
  )
}

import { useState } from 'react'
import { AgentSchema } from '@shared/settings'
import type { Agent } from '@shared/settings'
import { useUpdateSettings } from '../../data/use-settings'
import { FieldError } from '../../components/FieldError'

const FIELDS = [
  ['name', 'Your name', 'Ada Obi'],
  ['agency', 'Agency', 'Obi & Partners Realty'],
  ['contact', 'Contact', '+234 800 000 0000 · ada@example.com']
] as const

/** Who hands the location report to a client: saved in Settings, printed in the report. */
export function AgentSettings(props: { agent: Agent }) {
  const update = useUpdateSettings()
  const [draft, setDraft] = useState(props.agent)
  // The same rule main enforces on save (shared): bounded, one line each.
  const checked = AgentSchema.safeParse(draft)
  const problem = checked.success ? undefined : checked.error.issues[0]
  const changed = FIELDS.some(([field]) => draft[field].trim() !== props.agent[field])
  return (
    <div className="settings-stack" data-testid="agent-settings">
      {FIELDS.map(([field, label, example]) => (
        <label className="field" key={field}>
          <span className="field-label">{label}</span>
          <input
            className="input"
            maxLength={AgentSchema.shape[field].maxLength ?? undefined}
            placeholder={example}
            value={draft[field]}
            onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
            aria-invalid={problem?.path[0] === field ? true : undefined}
            data-testid={`agent-${field}`}
          />
        </label>
      ))}
      <div>
        <button
          type="button"
          className="btn"
          disabled={!changed || Boolean(problem) || update.isPending}
          onClick={() => checked.success && update.mutate({ agent: checked.data })}
          data-testid="agent-save"
        >
          Save
        </button>
      </div>
      {problem ? (
        <FieldError
          message={`${FIELDS.find(([f]) => f === problem.path[0])?.[1] ?? 'This'} ${problem.message}`}
        />
      ) : update.error ? (
        <FieldError message={update.error.message} code={update.error.code} />
      ) : null}
    </div>
  )
}

import { useAnnounceOnce } from './LiveAnnouncer'

/**
 * A form's error (and its code) under the control it concerns: shown in place and said once,
 * politely, through the app's live region (the same words again are not repeated).
 */
export function FieldError(props: { message: string; code?: string }) {
  const said = props.code ? `${props.message} ${props.code}` : props.message
  useAnnounceOnce(said, said)
  return (
    <p className="field-error" data-testid="field-error">
      {props.message} {props.code ? <span className="badge mono">{props.code}</span> : null}
    </p>
  )
}

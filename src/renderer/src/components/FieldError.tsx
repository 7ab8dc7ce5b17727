import { ErrorDetails } from './ErrorNotice'
import { useAnnounceOnce } from './LiveAnnouncer'

/**
 * A form's error under the control it concerns, in words (its code folded away in Details): shown
 * in place and said once, politely, through the app's live region (the same words are not repeated).
 */
export function FieldError(props: { message: string; code?: string }) {
  useAnnounceOnce(props.message, props.message)
  return (
    <div className="field-error" data-testid="field-error">
      {props.message}
      {props.code ? <ErrorDetails error={{ code: props.code }} /> : null}
    </div>
  )
}

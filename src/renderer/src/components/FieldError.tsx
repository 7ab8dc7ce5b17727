import type { ReactNode } from 'react'
import { useAnnounceOnce } from './LiveAnnouncer'

/**
 * A form's error under the control it concerns: shown in place and said once, politely, through
 * the app's live region (the same words again are not repeated).
 */
export function FieldError(props: { message: string; children?: ReactNode }) {
  useAnnounceOnce(props.message, props.message)
  return (
    <p className="field-error" data-testid="field-error">
      {props.children ?? props.message}
    </p>
  )
}

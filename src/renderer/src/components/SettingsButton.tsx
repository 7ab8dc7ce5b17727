import type { ReactNode } from 'react'
import { navigate } from '../lib/navigation'

/** A small button that opens Settings (the next step of many notices). */
export function SettingsButton(props: { children: ReactNode; primary?: boolean }) {
  return (
    <button
      type="button"
      className={props.primary ? 'btn btn-small btn-primary' : 'btn btn-small'}
      onClick={() => navigate({ screen: 'settings' })}
    >
      {props.children}
    </button>
  )
}

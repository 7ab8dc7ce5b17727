import { useState } from 'react'

/**
 * A polite, visually hidden live region that speaks `message` once each time `when` changes, and
 * never on other re-renders (a countdown ticking every second is not read out every second). It
 * starts empty: what is on screen when it mounts is conveyed by the surrounding content.
 */
export function Announce(props: { message: string; when: string | number }) {
  const [said, setSaid] = useState({ when: props.when, message: '' })
  if (said.when !== props.when) setSaid({ when: props.when, message: props.message })
  return (
    <span className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {said.message}
    </span>
  )
}

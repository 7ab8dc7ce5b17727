import { createContext, useContext, useEffect, useRef, useState } from 'react'
import type { ReactNode } from 'react'

const AnnouncerContext = createContext<(message: string) => void>(() => undefined)

/**
 * One polite live region for the whole app, present from the start, so that what appears later (an
 * error notice) is announced: a region inserted together with its text is often not read at all.
 * Each message replaces the previous one; the same words twice in a row are said once.
 */
export function LiveAnnouncerProvider(props: { children: ReactNode }) {
  const [message, setMessage] = useState('')
  return (
    <AnnouncerContext.Provider value={setMessage}>
      {props.children}
      <span
        className="visually-hidden"
        role="status"
        aria-live="polite"
        aria-atomic="true"
        data-testid="live-announcer"
      >
        {message}
      </span>
    </AnnouncerContext.Provider>
  )
}

/**
 * Says `message` politely when it first shows and whenever `key` changes: never on other
 * re-renders (a countdown ticking in `message` is not read out every second). With `sayOnMount`
 * false it waits for the first change: what is on screen at mount is conveyed by the content.
 * An empty `message` says nothing.
 */
export function useAnnounceOnce(message: string, key: string | number, sayOnMount = true): void {
  const say = useContext(AnnouncerContext)
  const said = useRef(sayOnMount ? undefined : key)
  useEffect(() => {
    if (said.current === key) return
    said.current = key
    if (message) say(message)
  }, [key, message, say])
}

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { CloseIcon } from './icons'
import './toasts.css'

type ToastTone = 'success' | 'error' | 'info'

export interface ToastInput {
  tone: ToastTone
  title: string
  detail?: string
  /** The title once the same toast has come `count` (≥ 2) times: "Added 3 locations to compare". */
  repeatTitle?: (count: number) => string
}

interface Toast extends ToastInput {
  id: number
  count: number
  details: string[]
}

const TOAST_MS = 5000
/** Toasts on screen at once; older ones give way. */
const MAX_TOASTS = 2
/** Details listed in a collapsed toast before "+n more". */
const MAX_DETAILS = 4

const ToastContext = createContext<(toast: ToastInput) => void>(() => undefined)

export function useToast(): (toast: ToastInput) => void {
  return useContext(ToastContext)
}

const sameToast = (a: ToastInput, b: ToastInput) => a.tone === b.tone && a.title === b.title

function titleOf(toast: Toast): string {
  if (toast.count < 2) return toast.title
  return toast.repeatTitle?.(toast.count) ?? `${toast.title} (×${toast.count})`
}

function detailOf(toast: Toast): string | undefined {
  if (toast.details.length === 0) return undefined
  const shown = toast.details.slice(-MAX_DETAILS)
  const more = toast.details.length - shown.length
  return shown.join(', ') + (more > 0 ? ` and ${more} more` : '')
}

/**
 * Short notices in a corner kept clear of the screen's content (over the sidebar). Repeats of
 * a visible toast collapse into it with a count; at most two show at once.
 */
export function ToastProvider(props: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const nextId = useRef(1)
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>())
  /** The toasts on screen, read synchronously so repeats in one tick collapse too. */
  const shown = useRef<Toast[]>([])

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id))
    timers.current.delete(id)
    shown.current = shown.current.filter((toast) => toast.id !== id)
    setToasts(shown.current)
  }, [])

  const expireLater = useCallback(
    (id: number) => {
      clearTimeout(timers.current.get(id))
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_MS)
      )
    },
    [dismiss]
  )

  const notify = useCallback(
    (input: ToastInput) => {
      const current = shown.current
      const repeat = current.find((toast) => sameToast(toast, input))
      const details = repeat?.details ?? []
      const toast: Toast = {
        ...input,
        id: repeat?.id ?? nextId.current++,
        count: (repeat?.count ?? 0) + 1,
        details:
          input.detail && !details.includes(input.detail) ? [...details, input.detail] : details
      }
      const others = current.filter((item) => item.id !== toast.id)
      const kept = [...others, toast].slice(-MAX_TOASTS)
      for (const dropped of others.filter((item) => !kept.includes(item))) {
        clearTimeout(timers.current.get(dropped.id))
        timers.current.delete(dropped.id)
      }
      expireLater(toast.id)
      shown.current = kept
      setToasts(kept)
    },
    [expireLater]
  )

  useEffect(() => {
    const pending = timers.current
    return () => pending.forEach((timer) => clearTimeout(timer))
  }, [])

  const value = useMemo(() => notify, [notify])

  return (
    <ToastContext.Provider value={value}>
      {props.children}
      <div className="toasts" role="status" aria-live="polite" data-testid="toasts">
        {toasts.map((toast) => {
          const detail = detailOf(toast)
          return (
            <div key={toast.id} className={`toast toast-${toast.tone}`} data-testid="toast">
              <div className="toast-text">
                <strong>{titleOf(toast)}</strong>
                {detail ? <span title={detail}>{detail}</span> : null}
              </div>
              <button
                type="button"
                className="btn btn-ghost btn-small"
                aria-label="Dismiss notification"
                onClick={() => dismiss(toast.id)}
              >
                <CloseIcon size={14} />
              </button>
            </div>
          )
        })}
      </div>
    </ToastContext.Provider>
  )
}

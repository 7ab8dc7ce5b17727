import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { useStores } from '../data/app-deps'
import { CloseIcon } from './icons'
import './toasts.css'

export interface ToastInput {
  tone: 'success' | 'error' | 'info'
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

  const dismiss = useCallback(
    (id: number) => setToasts((shown) => shown.filter((toast) => toast.id !== id)),
    []
  )

  const notify = useCallback((input: ToastInput) => {
    const id = nextId.current++
    // From the toasts as updated so far, so repeats in one tick collapse too.
    setToasts((shown) => {
      const repeat = shown.find(({ tone, title }) => tone === input.tone && title === input.title)
      const details = repeat?.details ?? []
      const toast: Toast = {
        ...input,
        id: repeat?.id ?? id,
        count: (repeat?.count ?? 0) + 1,
        details:
          input.detail && !details.includes(input.detail) ? [...details, input.detail] : details
      }
      return [...shown.filter((item) => item.id !== toast.id), toast].slice(-MAX_TOASTS)
    })
  }, [])

  return (
    <ToastContext.Provider value={notify}>
      {props.children}
      <div className="toasts" role="status" aria-live="polite" data-testid="toasts">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  )
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  // Shown for TOAST_MS from its latest arrival (a repeat keeps it up).
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_MS)
    return () => clearTimeout(timer)
  }, [toast.id, toast.count, onDismiss])
  const detail = detailOf(toast)
  return (
    <div className={`toast toast-${toast.tone}`} data-testid="toast">
      <div className="toast-text">
        <strong>{titleOf(toast)}</strong>
        {detail ? <span title={detail}>{detail}</span> : null}
      </div>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
      >
        <CloseIcon size={14} />
      </button>
    </div>
  )
}

/** "Added to compare" — several in a row collapse into "Added 3 locations to compare". */
export function addedToCompare(name: string): ToastInput {
  return {
    tone: 'success',
    title: 'Added to compare',
    detail: name,
    repeatTitle: (count) => `Added ${count} locations to compare`
  }
}

const WHY_NOT_SAVED = {
  'too-large': 'It is too large to keep on this computer.',
  'storage-refused': 'The browser storage is full or unavailable, so it was undone.'
} as const

/** Tells the user when a change to saved, recent, compare or other local lists was not kept. */
export function StoreWriteNotices() {
  const stores = useStores()
  const notify = useToast()
  useEffect(() => {
    const stop = stores.onWriteFailed((failure) =>
      notify({ tone: 'error', title: 'Change not saved', detail: WHY_NOT_SAVED[failure.reason] })
    )
    return () => void stop()
  }, [stores, notify])
  return null
}

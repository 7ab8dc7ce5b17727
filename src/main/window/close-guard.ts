/**
 * Nothing lost on quit: before the window closes or reloads (the close button, Cmd+Q, app.quit(),
 * a reload shortcut), the renderer is asked to write what it still holds (pending IndexedDB
 * writes, over EVENTS.flushRequest) and main waits for its answer (answerFlush), at most
 * `timeoutMs`; then it goes on anyway and logs why. The guard itself is Electron-free;
 * guardWindowClose wires it to a BrowserWindow.
 */
import { randomUUID } from 'node:crypto'
import type { BrowserWindow, Event, Input } from 'electron'
import { EVENTS } from '@shared/channels'
import { FlushRequestEventSchema } from '@shared/contract'
import type { AppLogger } from '../logging/logger'
import { errorName, silentLogger } from '../logging/logger'

/** How long a close waits for the renderer's answer. */
export const FLUSH_TIMEOUT_MS = 2_000

export type CloseGuard = ReturnType<typeof createCloseGuard>

export function createCloseGuard(deps: {
  /** Sends the flush request; false when there is no page to ask (then nothing is awaited). */
  requestFlush(flushId: string): boolean
  /** Closes the window for real (called at most once). */
  close(): void
  timeoutMs?: number
  logger?: AppLogger
}) {
  const timeoutMs = deps.timeoutMs ?? FLUSH_TIMEOUT_MS
  const logger = deps.logger ?? silentLogger
  /** The flush under way, and what runs once it ended (answered or timed out). */
  let pending: { flushId: string; timer: NodeJS.Timeout; then: (() => void)[] } | undefined
  /** `closing`: a close waits for the flush; `closed`: the guard's own close goes through. */
  let phase: 'open' | 'closing' | 'closed' = 'open'

  const finish = (): void => {
    const flush = pending
    pending = undefined
    clearTimeout(flush?.timer)
    for (const next of flush?.then ?? []) next()
  }

  /**
   * Asks for a flush (or joins the one under way) and runs `next` once it ended. False when there
   * was no page to ask: then `next` is not run and the caller goes on at once.
   */
  const flushThen = (next: () => void): boolean => {
    if (pending) {
      pending.then.push(next)
      return true
    }
    const flushId = randomUUID()
    try {
      if (!deps.requestFlush(flushId)) return false
    } catch (error) {
      logger.warn('could not ask the window to save pending writes', { error: errorName(error) })
      return false
    }
    const timer = setTimeout(() => {
      logger.warn('the window did not confirm its pending writes in time; closing anyway', {
        timeoutMs
      })
      finish()
    }, timeoutMs)
    pending = { flushId, timer, then: [next] }
    return true
  }

  const closeNow = (): void => {
    phase = 'closed'
    deps.close()
  }

  return {
    /**
     * The window was asked to close. True: prevent this close, the guard closes it once the
     * renderer answered or the wait ran out. False: let it close (the guard's own close).
     */
    interceptClose(): boolean {
      // Closing: this close waits for the same flush. Closed: the guard's own close goes.
      if (phase !== 'open') return phase === 'closing'
      phase = 'closing'
      if (flushThen(closeNow)) return true
      // Nobody to ask: this close goes ahead as it is.
      phase = 'closed'
      return false
    },
    /** Flushes first, then runs `reload` (once per call); the window stays guarded afterwards. */
    reload(reload: () => void): void {
      if (phase !== 'open') return
      const reloadUnlessClosing = (): void => {
        if (phase === 'open') reload()
      }
      if (!flushThen(reloadUnlessClosing)) reload()
    },
    /** The renderer's answer: true when it was an answer being waited for. */
    answer(flushId: string): boolean {
      if (pending?.flushId !== flushId) return false
      finish()
      return true
    }
  }
}

/** F5, Ctrl+R or Cmd+R, with or without Shift: the keys that reload the page. */
export function isReloadShortcut(input: Pick<Input, 'type' | 'key' | 'control' | 'meta'>): boolean {
  if (input.type !== 'keyDown') return false
  if (input.key === 'F5') return true
  return (input.control || input.meta) && input.key.toLowerCase() === 'r'
}

export function guardWindowClose(
  window: BrowserWindow,
  options: { logger: AppLogger }
): CloseGuard {
  const contents = window.webContents
  const guard = createCloseGuard({
    logger: options.logger,
    requestFlush: (flushId) => {
      if (window.isDestroyed() || contents.isDestroyed() || contents.isCrashed()) return false
      contents.send(EVENTS.flushRequest, FlushRequestEventSchema.parse({ flushId }))
      return true
    },
    close: () => {
      if (!window.isDestroyed()) window.close()
    }
  })
  window.on('close', (event: Event) => {
    if (guard.interceptClose()) event.preventDefault()
  })
  contents.on('before-input-event', (event: Event, input: Input) => {
    if (!isReloadShortcut(input)) return
    event.preventDefault()
    guard.reload(() => {
      if (!contents.isDestroyed()) contents.reload()
    })
  })
  return guard
}

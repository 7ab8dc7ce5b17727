/**
 * Nothing lost on quit: before the window closes or reloads, the renderer is asked to
 * write what it still holds (pending IndexedDB writes) and main waits for its answer, at most
 * `timeoutMs`; then it goes on anyway and logs why. Electron-free: the glue in window-flush.ts
 * wires it to a BrowserWindow.
 */
import { randomUUID } from 'node:crypto'
import type { AppLogger } from '../logging/logger'
import { errorName, silentLogger } from '../logging/logger'

/** How long a close waits for the renderer's answer. */
export const FLUSH_TIMEOUT_MS = 2_000

export interface CloseGuardDeps {
  /** Sends the flush request; false when there is no page to ask (then nothing is awaited). */
  requestFlush(flushId: string): boolean
  /** Closes the window for real (called at most once). */
  close(): void
  timeoutMs?: number
  logger?: AppLogger
}

export type CloseGuard = ReturnType<typeof createCloseGuard>

interface PendingFlush {
  flushId: string
  timer?: ReturnType<typeof setTimeout>
  /** What runs once the flush ended (answered or timed out). */
  then: Array<() => void>
}

export function createCloseGuard(deps: CloseGuardDeps) {
  const timeoutMs = deps.timeoutMs ?? FLUSH_TIMEOUT_MS
  const logger = deps.logger ?? silentLogger
  let pending: PendingFlush | undefined
  let closing = false
  let closed = false

  const finish = (flush: PendingFlush): void => {
    if (pending !== flush) return
    pending = undefined
    clearTimeout(flush.timer)
    for (const next of flush.then) next()
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
    let asked = false
    try {
      asked = deps.requestFlush(flushId)
    } catch (error) {
      logger.warn('could not ask the window to save pending writes', { error: errorName(error) })
    }
    if (!asked) return false
    const flush: PendingFlush = { flushId, then: [next] }
    pending = flush
    flush.timer = setTimeout(() => {
      logger.warn('the window did not confirm its pending writes in time; closing anyway', {
        timeoutMs
      })
      finish(flush)
    }, timeoutMs)
    return true
  }

  const closeNow = (): void => {
    if (closed) return
    closed = true
    deps.close()
  }

  return {
    /**
     * The window was asked to close. True: prevent this close, the guard closes it once the
     * renderer answered or the wait ran out. False: let it close (the guard's own close).
     */
    interceptClose(): boolean {
      if (closed) return false
      if (closing) return true
      closing = true
      if (flushThen(closeNow)) return true
      // Nobody to ask: this close goes ahead as it is.
      closed = true
      return false
    },
    /** Flushes first, then runs `reload` (once per call); the window stays guarded afterwards. */
    reload(reload: () => void): void {
      if (closing) return
      const reloadUnlessClosing = (): void => {
        if (!closing) reload()
      }
      if (!flushThen(reloadUnlessClosing)) reload()
    },
    /** The renderer's answer: true when it was an answer being waited for. */
    answer(flushId: string): boolean {
      if (!pending || pending.flushId !== flushId) return false
      finish(pending)
      return true
    }
  }
}

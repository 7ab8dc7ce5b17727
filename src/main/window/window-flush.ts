/**
 * Electron glue for the close guard: a close of the window (the close button, Cmd+Q, app.quit())
 * or a reload shortcut first asks the renderer to flush its pending writes (EVENTS.flushRequest),
 * and goes on when it answered (answerFlush) or after FLUSH_TIMEOUT_MS.
 */
import type { BrowserWindow, Event, Input } from 'electron'
import { EVENTS } from '@shared/channels'
import { FlushRequestEventSchema } from '@shared/contract'
import type { AppLogger } from '../logging/logger'
import { createCloseGuard } from './close-guard'
import type { CloseGuard } from './close-guard'

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

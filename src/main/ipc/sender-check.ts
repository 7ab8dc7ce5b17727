/** Which IPC senders are ours: the top frame of our window, showing our renderer page. */
import { isRendererUrl } from '../window/renderer-location'
import type { RendererLocation } from '../window/renderer-location'

/** The part of Electron's IpcMainInvokeEvent the check reads. */
export interface SenderEvent {
  senderFrame: { url: string; parent: unknown } | null
}

export type SenderCheck = (event: SenderEvent) => boolean

export function createSenderCheck(location: RendererLocation): SenderCheck {
  return (event) => {
    const frame = event.senderFrame
    // A destroyed frame reads as null; a subframe (iframe) has a parent.
    if (!frame || frame.parent !== null) return false
    return isRendererUrl(frame.url, location)
  }
}

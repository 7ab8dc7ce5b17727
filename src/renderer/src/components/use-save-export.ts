import { MAX_SAVED_FILE_BYTES } from '@shared/desktop'
import type { SaveFileKind } from '@shared/desktop'
import { useMarket } from '../data/app-deps'
import { csvFilename } from '../lib/csv'
import { useToast } from './Toasts'
import type { ToastInput } from './Toasts'

/** What an export made: the file to save and the toast that says it was saved. */
export interface MadeExport {
  suggestedName: string
  blob: Blob
  saved: Omit<ToastInput, 'tone'>
}

/**
 * Every export (a CSV, a chart's PNG) is saved and reported this way: through the desktop app's
 * native save dialog when there is one (main shows it and writes the file; the page never sees a
 * path), else as a browser download; one toast once saved, one with the reason when making or
 * saving it failed, none when the dialog was cancelled.
 */
export function useSaveExport(): (
  kind: SaveFileKind,
  failedTitle: string,
  make: () => MadeExport | Promise<MadeExport>
) => Promise<void> {
  const notify = useToast()
  const market = useMarket()
  return async (kind, failedTitle, make) => {
    try {
      const { suggestedName, blob, saved } = await make()
      // The dialog's channel carries at most MAX_SAVED_FILE_BYTES; a larger file (a very long
      // observed history) is a download, which the desktop app also asks where to save.
      if (market.saveFile && blob.size <= MAX_SAVED_FILE_BYTES) {
        const result = await market.saveFile({
          kind,
          suggestedName,
          bytes: new Uint8Array(await blob.arrayBuffer())
        })
        if (!result.ok) throw new Error(result.error.message)
        if (!result.data.saved) return
      } else {
        downloadBlob(blob, suggestedName)
      }
      notify({ tone: 'success', ...saved })
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error)
      notify({ tone: 'error', title: failedTitle, detail })
    }
  }
}

/** A CSV export: named for what it holds and the day (csvFilename), saved like every export. */
export function useSaveCsv() {
  const saveExport = useSaveExport()
  return (kind: Parameters<typeof csvFilename>[0], build: () => string): void =>
    void saveExport('csv', 'CSV export failed', () => {
      const suggestedName = csvFilename(kind)
      const blob = new Blob([build()], { type: 'text/csv;charset=utf-8' })
      return { suggestedName, blob, saved: { title: 'CSV exported', detail: suggestedName } }
    })
}

/** Saves a blob through a temporary download link. */
function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

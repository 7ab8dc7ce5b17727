import type { SaveFileKind } from '@shared/desktop'
import { useMarket } from '../data/app-deps'
import { saveExport } from './chart-export'
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
 * native save dialog when there is one, else as a browser download; one toast once saved, one
 * with the reason when making or saving it failed, none when the dialog was cancelled.
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
      const made = await make()
      const { suggestedName, blob } = made
      const outcome = await saveExport(market.saveFile, { kind, suggestedName, blob })
      if (outcome !== 'cancelled') notify({ tone: 'success', ...made.saved })
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error)
      notify({ tone: 'error', title: failedTitle, detail })
    }
  }
}

/** A CSV text as the file an export saves. */
export const csvBlob = (csv: string): Blob => new Blob([csv], { type: 'text/csv;charset=utf-8' })

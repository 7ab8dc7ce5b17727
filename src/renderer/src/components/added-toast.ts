import type { ToastInput } from './Toasts'

/** "Added to compare" — several in a row collapse into "Added 3 locations to compare". */
export function addedToCompare(name: string): ToastInput {
  return {
    tone: 'success',
    title: 'Added to compare',
    detail: name,
    repeatTitle: (count) => `Added ${count} locations to compare`
  }
}

import { useEffect } from 'react'
import { useStores } from '../data/app-deps'
import { useToast } from './Toasts'

const WHY = {
  'too-large': 'It is too large to keep on this computer.',
  'storage-refused': 'The browser storage is full or unavailable, so it was undone.'
} as const

/** Tells the user when a change to saved, recent, compare or other local lists was not kept. */
export function StoreWriteNotices() {
  const stores = useStores()
  const notify = useToast()
  useEffect(() => {
    const stop = stores.onWriteFailed((failure) =>
      notify({ tone: 'error', title: 'Change not saved', detail: WHY[failure.reason] })
    )
    return () => void stop()
  }, [stores, notify])
  return null
}

import { act, render, screen, within } from '@testing-library/react'
import { useEffect } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ToastProvider, useToast } from './Toasts'
import type { ToastInput } from './Toasts'

const toaster: { notify: (toast: ToastInput) => void } = { notify: () => undefined }
const notify = (toast: ToastInput) => toaster.notify(toast)

function Capture() {
  const notifyFromContext = useToast()
  useEffect(() => {
    toaster.notify = notifyFromContext
  }, [notifyFromContext])
  return null
}

const shownToasts = () => within(screen.getByTestId('toasts')).queryAllByTestId('toast')

describe('Toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    render(
      <ToastProvider>
        <Capture />
      </ToastProvider>
    )
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('collapses repeats into one toast that counts them', () => {
    const added = (name: string): ToastInput => ({
      tone: 'success',
      title: 'Added to compare',
      detail: name,
      repeatTitle: (count) => `Added ${count} locations to compare`
    })
    act(() => {
      notify(added('Lekki Phase 1'))
      notify(added('Ikoyi'))
      notify(added('Maitama'))
    })
    expect(shownToasts()).toHaveLength(1)
    expect(shownToasts()[0]).toHaveTextContent('Added 3 locations to compare')
    expect(shownToasts()[0]).toHaveTextContent('Lekki Phase 1, Ikoyi, Maitama')
  })

  it('counts repeats of a toast without a plural title', () => {
    act(() => {
      notify({ tone: 'error', title: 'Refresh failed', detail: 'Offline mode is on' })
      notify({ tone: 'error', title: 'Refresh failed', detail: 'Offline mode is on' })
    })
    expect(shownToasts()).toHaveLength(1)
    expect(shownToasts()[0]).toHaveTextContent('Refresh failed (×2)')
    expect(shownToasts()[0]?.textContent?.match(/Offline mode is on/g)).toHaveLength(1)
  })

  it('shows at most two at once, the newest', () => {
    act(() => {
      for (const title of ['One', 'Two', 'Three', 'Four']) notify({ tone: 'info', title })
    })
    expect(shownToasts().map((toast) => toast.querySelector('strong')?.textContent)).toEqual([
      'Three',
      'Four'
    ])
  })

  it('goes away by itself, a repeat keeping it up from the last one', () => {
    act(() => notify({ tone: 'info', title: 'Updated' }))
    act(() => vi.advanceTimersByTime(4000))
    act(() => notify({ tone: 'info', title: 'Updated' }))
    act(() => vi.advanceTimersByTime(4000))
    expect(shownToasts()).toHaveLength(1)
    act(() => vi.advanceTimersByTime(2000))
    expect(shownToasts()).toHaveLength(0)
  })
})

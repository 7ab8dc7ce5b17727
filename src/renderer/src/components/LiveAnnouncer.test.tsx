import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LiveAnnouncerProvider, useAnnounceOnce } from './LiveAnnouncer'
import { ProgressBar } from './ProgressBar'

function Said(props: { message: string; when: string; sayOnMount?: boolean }) {
  useAnnounceOnce(props.message, props.when, props.sayOnMount)
  return null
}

describe('useAnnounceOnce', () => {
  it('without sayOnMount starts silent, then speaks once per change of its key', () => {
    const view = (when: string, message: string) => (
      <LiveAnnouncerProvider>
        <Said when={when} message={message} sayOnMount={false} />
      </LiveAnnouncerProvider>
    )
    const { rerender } = render(view('a', 'first'))
    const region = screen.getByTestId('live-announcer')
    expect(region).toHaveAttribute('aria-live', 'polite')
    expect(region).toHaveTextContent('')

    rerender(view('b', 'Offline mode'))
    expect(region).toHaveTextContent(/^Offline mode$/)
    // Same key, new words (a ticking value): the region keeps what it said.
    rerender(view('b', 'Offline mode, later'))
    expect(region).toHaveTextContent(/^Offline mode$/)
  })

  it('by default speaks what it shows on mount', () => {
    render(
      <LiveAnnouncerProvider>
        <Said when="a" message="Loading prices: the service is unavailable." />
      </LiveAnnouncerProvider>
    )
    expect(screen.getByTestId('live-announcer')).toHaveTextContent(
      /^Loading prices: the service is unavailable\.$/
    )
  })

  it('a progress bar says each quarter of a run, nothing while idle or when a run starts', () => {
    const view = (progress: { done: number; total: number } | null) => (
      <LiveAnnouncerProvider>
        <ProgressBar label="Fetching" progress={progress} />
      </LiveAnnouncerProvider>
    )
    const { rerender } = render(view(null))
    const region = screen.getByTestId('live-announcer')
    expect(screen.queryByTestId('batch-progress')).toBeNull()
    rerender(view({ done: 0, total: 8 }))
    expect(screen.getByRole('progressbar', { name: 'Fetching' })).toHaveAttribute(
      'aria-valuetext',
      '0 of 8'
    )
    expect(region).toHaveTextContent('')
    rerender(view({ done: 1, total: 8 }))
    expect(region).toHaveTextContent('')
    rerender(view({ done: 2, total: 8 }))
    expect(region).toHaveTextContent(/^Fetching: 2 of 8$/)
    rerender(view({ done: 8, total: 8 }))
    expect(region).toHaveTextContent(/^Fetching: 8 of 8$/)
    // Idle again: the bar goes and the region keeps its last words.
    rerender(view(null))
    expect(screen.queryByTestId('batch-progress')).toBeNull()
    expect(region).toHaveTextContent(/^Fetching: 8 of 8$/)
    // The next run starts silent too.
    rerender(view({ done: 0, total: 4 }))
    expect(region).toHaveTextContent(/^Fetching: 8 of 8$/)
  })
})

import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LiveAnnouncerProvider, useAnnounceOnce } from './LiveAnnouncer'

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
})

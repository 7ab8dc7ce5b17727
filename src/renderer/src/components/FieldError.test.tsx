import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FieldError } from './FieldError'
import { LiveAnnouncerProvider } from './LiveAnnouncer'

describe('FieldError', () => {
  it('shows the error in place and says it once, politely, not as an alert', () => {
    const view = (message: string) => (
      <LiveAnnouncerProvider>
        <FieldError message={message} code="BAD_INPUT" />
      </LiveAnnouncerProvider>
    )
    const { rerender } = render(view('The API key is too short.'))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByTestId('field-error')).toHaveTextContent(
      /^The API key is too short\.DetailsBAD_INPUT$/
    )
    expect(screen.getByTestId('error-details')).not.toHaveAttribute('open')
    const region = screen.getByTestId('live-announcer')
    expect(region).toHaveAttribute('aria-live', 'polite')
    expect(region).toHaveTextContent(/^The API key is too short\.$/)

    rerender(view('The key contains a character that cannot be sent.'))
    expect(region).toHaveTextContent(/^The key contains a character that cannot be sent\.$/)
  })
})

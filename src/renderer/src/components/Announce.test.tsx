import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Announce } from './Announce'

describe('Announce', () => {
  it('is a polite region that starts empty and speaks once per change of `when`', () => {
    const { rerender } = render(<Announce when="a" message="first" />)
    const region = screen.getByRole('status')
    expect(region).toHaveAttribute('aria-live', 'polite')
    expect(region).toHaveTextContent('')

    rerender(<Announce when="b" message="Offline mode" />)
    expect(region).toHaveTextContent('Offline mode')
    // Same `when`, new words (a ticking value): the region keeps what it said.
    rerender(<Announce when="b" message="Offline mode, later" />)
    expect(region).toHaveTextContent(/^Offline mode$/)
  })
})

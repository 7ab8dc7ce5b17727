import { useEffect, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { ChevronLeftIcon, ChevronRightIcon } from './icons'
import './scroll-cue.css'

/**
 * A horizontally scrolling area (wide tables) that shows when there is more to see: a fade at
 * the edge with hidden columns, a line saying so with a button to scroll, and keyboard scrolling
 * (the area is focusable while it overflows).
 */
export function ScrollCue(props: { label: string; className?: string; children: ReactNode }) {
  const viewport = useRef<HTMLDivElement>(null)
  const [edges, setEdges] = useState({ left: false, right: false })

  useEffect(() => {
    const element = viewport.current
    if (!element) return
    const update = () => {
      const left = element.scrollLeft > 1
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1
      setEdges((previous) =>
        previous.left === left && previous.right === right ? previous : { left, right }
      )
    }
    // ResizeObserver reports once when observing starts, then on every size change.
    const observer = new ResizeObserver(update)
    observer.observe(element)
    if (element.firstElementChild) observer.observe(element.firstElementChild)
    element.addEventListener('scroll', update, { passive: true })
    return () => {
      observer.disconnect()
      element.removeEventListener('scroll', update)
    }
  }, [])

  const overflowing = edges.left || edges.right
  const scrollBy = (direction: 1 | -1) => {
    const width = viewport.current?.clientWidth ?? 0
    viewport.current?.scrollBy({ left: direction * width * 0.7, behavior: 'smooth' })
  }
  return (
    <div className="scroll-cue">
      <div
        className={`scroll-cue-frame ${props.className ?? ''}`}
        data-more-left={edges.left || undefined}
        data-more-right={edges.right || undefined}
      >
        <div
          ref={viewport}
          className="scroll-cue-viewport"
          role="region"
          aria-label={props.label}
          tabIndex={overflowing ? 0 : undefined}
        >
          {props.children}
        </div>
      </div>
      {overflowing ? (
        <div className="scroll-cue-hint small muted" data-testid="scroll-cue">
          <span>Wider than the window: scroll sideways for more columns.</span>
          {([-1, 1] as const).map((direction) => (
            <button
              key={direction}
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => scrollBy(direction)}
              disabled={direction < 0 ? !edges.left : !edges.right}
              aria-label={direction < 0 ? 'Scroll left' : 'Scroll right'}
            >
              {direction < 0 ? <ChevronLeftIcon size={14} /> : <ChevronRightIcon size={14} />}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}

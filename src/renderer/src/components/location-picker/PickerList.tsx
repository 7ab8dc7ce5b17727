import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { Location } from '@shared/spec'
import { StarIcon } from '../icons'
import type { PickerRow, PickerRowList } from '../../lib/picker-rows'
import { rowLayout } from './row-layout'

/** Rows rendered beyond each edge of the viewport, so a quick scroll does not show a gap. */
const OVERSCAN = 12

export function optionElementId(listId: string, row: Extract<PickerRow, { kind: 'option' }>) {
  return `${listId}-${row.id}`
}

/**
 * The virtualised listbox: only the rows in view (plus overscan) are in the DOM. Rows have fixed
 * heights, so finding the rows in view costs nothing per row: a search listing 50,000 locations
 * lays out and renders only the few dozen rows in view.
 */
export function PickerList(props: {
  listId: string
  label: string
  rows: PickerRowList
  activeRowIndex: number | undefined
  onActivate: (optionIndex: number) => void
  onChoose: (location: Location) => void
}) {
  const { rows, activeRowIndex } = props
  const scroller = useRef<HTMLDivElement>(null)
  const [viewport, setViewport] = useState({ top: 0, height: 0 })
  const layout = rowLayout(rows)
  const latest = useRef({ layout, onActivate: props.onActivate, onChoose: props.onChoose })
  useLayoutEffect(() => {
    latest.current = { layout, onActivate: props.onActivate, onChoose: props.onChoose }
  })

  useLayoutEffect(() => {
    const element = scroller.current
    if (!element) return
    const measure = () =>
      setViewport((now) =>
        now.top === element.scrollTop && now.height === element.clientHeight
          ? now
          : { top: element.scrollTop, height: element.clientHeight }
      )
    measure()
    element.addEventListener('scroll', measure, { passive: true })
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => {
      element.removeEventListener('scroll', measure)
      observer.disconnect()
    }
  }, [])

  // Brings the active option into view, moving the list as little as possible.
  useEffect(() => {
    const element = scroller.current
    if (activeRowIndex === undefined || !element) return
    const { start, size } = latest.current.layout.span(activeRowIndex)
    const height = element.clientHeight
    let top = element.scrollTop
    if (start < top) top = start
    else if (start + size > top + height) top = start + size - height
    else return
    element.scrollTop = top
    setViewport({ top, height })
  }, [activeRowIndex])

  const total = layout.totalSize
  const top = Math.max(0, Math.min(viewport.top, total - viewport.height))
  const first = Math.max(0, layout.indexAt(top) - OVERSCAN)
  const last = Math.min(rows.count - 1, layout.indexAt(top + viewport.height) + OVERSCAN)
  const items: React.ReactNode[] = []
  for (let index = first; index <= last; index += 1) {
    const row = rows.at(index)
    if (!row) continue
    const { start, size } = layout.span(index)
    items.push(
      row.kind === 'heading' ? (
        <HeadingRow key={row.id} row={row} start={start} size={size} />
      ) : (
        <OptionRow
          key={row.id}
          row={row}
          start={start}
          size={size}
          elementId={optionElementId(props.listId, row)}
          optionCount={rows.options}
          active={index === activeRowIndex}
          latest={latest}
        />
      )
    )
  }

  return (
    <div
      ref={scroller}
      id={props.listId}
      className="picker-list"
      role="listbox"
      aria-label={props.label}
      data-virtual-scroll=""
      data-testid="location-listbox"
      tabIndex={-1}
    >
      <div className="picker-list-inner" style={{ height: total }}>
        {items}
      </div>
    </div>
  )
}

const HeadingRow = memo(function HeadingRow(props: {
  row: Extract<PickerRow, { kind: 'heading' }>
  start: number
  size: number
}) {
  const { row } = props
  return (
    <div
      role="presentation"
      className={`picker-heading picker-heading-${row.level}`}
      style={{ height: props.size, transform: `translateY(${props.start}px)` }}
    >
      <span>{row.label}</span>
      {row.count !== undefined ? <span className="faint num">{row.count}</span> : null}
    </div>
  )
})

const OptionRow = memo(function OptionRow(props: {
  row: Extract<PickerRow, { kind: 'option' }>
  start: number
  size: number
  elementId: string
  optionCount: number
  active: boolean
  /** The current handlers, read when an event fires (so the row need not re-render for them). */
  latest: {
    current: { onActivate: (optionIndex: number) => void; onChoose: (location: Location) => void }
  }
}) {
  const { row, active, latest } = props
  return (
    <div
      id={props.elementId}
      role="option"
      aria-selected={active}
      aria-setsize={props.optionCount}
      aria-posinset={row.optionIndex + 1}
      className={`picker-option ${active ? 'is-active' : ''}`}
      style={{ height: props.size, transform: `translateY(${props.start}px)` }}
      onMouseMove={() => {
        if (!active) latest.current.onActivate(row.optionIndex)
      }}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => latest.current.onChoose(row.location)}
    >
      <span className="picker-option-star" aria-hidden="true">
        {row.saved ? <StarIcon size={13} filled /> : null}
      </span>
      {/* Service text, isolated: bidi characters in a name cannot reorder the rest of the row. */}
      <bdi className="picker-option-name">{row.location.name}</bdi>
      <span className="picker-option-place muted">
        <bdi>{row.location.city}</bdi>, <bdi>{row.location.country}</bdi>
      </span>
      <span className="badge mono">{row.location.country_code.toUpperCase()}</span>
      {row.saved ? <span className="visually-hidden">(saved)</span> : null}
    </div>
  )
})

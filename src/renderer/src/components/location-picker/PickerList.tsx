import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useCallback, useEffect, useLayoutEffect, useRef } from 'react'
import type { Location } from '@shared/spec'
import { StarIcon } from '../icons'
import type { PickerRow, PickerRowList } from '../../lib/picker-rows'

const HEADING_HEIGHT = 30
const OPTION_HEIGHT = 40
/** Rows rendered beyond each edge of the viewport, so a quick scroll does not show a gap. */
const OVERSCAN = 5

export function optionElementId(listId: string, row: Extract<PickerRow, { kind: 'option' }>) {
  return `${listId}-${row.id}`
}

/**
 * The virtualised listbox: only the rows in view (plus overscan) are in the DOM, and a search
 * listing 50,000 locations makes row objects only for those.
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
  const latest = useRef({ onActivate: props.onActivate, onChoose: props.onChoose })
  useLayoutEffect(() => {
    latest.current = { onActivate: props.onActivate, onChoose: props.onChoose }
  })
  // Search results: options of one height; a list of the same length keeps the measurements.
  const grouped = rows.optionsOnly ? undefined : rows
  const estimateSize = useCallback(
    (index: number) => (grouped?.at(index)?.kind === 'heading' ? HEADING_HEIGHT : OPTION_HEIGHT),
    [grouped]
  )
  const getItemKey = useCallback((index: number) => grouped?.at(index)?.id ?? index, [grouped])
  // eslint-disable-next-line react-hooks/incompatible-library -- not memoised (no React Compiler)
  const virtualizer = useVirtualizer({
    count: rows.count,
    getScrollElement: () => scroller.current,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN
  })

  // Brings the active option into view, moving the list as little as possible.
  useEffect(() => {
    if (activeRowIndex !== undefined) virtualizer.scrollToIndex(activeRowIndex)
  }, [activeRowIndex, virtualizer])

  return (
    <div
      ref={scroller}
      id={props.listId}
      className="picker-list card"
      role="listbox"
      aria-label={props.label}
      data-virtual-scroll=""
      data-testid="location-listbox"
      tabIndex={-1}
    >
      <div className="picker-list-inner" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map(({ index, start, size }) => {
          const row = rows.at(index)
          if (!row) return null
          return row.kind === 'heading' ? (
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
        })}
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

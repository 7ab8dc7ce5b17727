import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useRef } from 'react'
import type { Location } from '@shared/spec'
import { StarIcon } from '../icons'
import type { PickerRow } from '../../lib/picker-rows'

const HEADING_HEIGHT = 30
const OPTION_HEIGHT = 40

export function optionElementId(listId: string, row: Extract<PickerRow, { kind: 'option' }>) {
  return `${listId}-${row.id}`
}

/** The virtualised listbox: only the rows in view (plus overscan) are in the DOM. */
export function PickerList(props: {
  listId: string
  label: string
  rows: readonly PickerRow[]
  optionCount: number
  activeRowIndex: number | undefined
  onActivate: (optionIndex: number) => void
  onChoose: (location: Location) => void
}) {
  const { rows, activeRowIndex } = props
  const scroller = useRef<HTMLDivElement>(null)
  // Stable while the rows are the same: a new getItemKey makes the virtualizer measure every
  // row again (50,000 of them) on each render, keystrokes included.
  const estimateSize = useCallback(
    (index: number) => (rows[index]?.kind === 'heading' ? HEADING_HEIGHT : OPTION_HEIGHT),
    [rows]
  )
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows])
  const getScrollElement = useCallback(() => scroller.current, [])
  // TanStack Virtual returns new functions every render, so the React Compiler skips this
  // component; that is expected and harmless here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement,
    estimateSize,
    getItemKey,
    overscan: 12
  })

  useEffect(() => {
    if (activeRowIndex !== undefined) virtualizer.scrollToIndex(activeRowIndex, { align: 'auto' })
  }, [activeRowIndex, virtualizer])

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
      <div className="picker-list-inner" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]
          if (!row) return null
          const style = { height: item.size, transform: `translateY(${item.start}px)` }
          if (row.kind === 'heading') {
            return (
              <div
                key={item.key}
                role="presentation"
                className={`picker-heading picker-heading-${row.level}`}
                style={style}
              >
                <span>{row.label}</span>
                {row.count !== undefined ? <span className="faint num">{row.count}</span> : null}
              </div>
            )
          }
          const active = item.index === activeRowIndex
          return (
            <div
              key={item.key}
              id={optionElementId(props.listId, row)}
              role="option"
              aria-selected={active}
              aria-setsize={props.optionCount}
              aria-posinset={row.optionIndex + 1}
              className={`picker-option ${active ? 'is-active' : ''}`}
              style={style}
              onMouseMove={() => {
                if (!active) props.onActivate(row.optionIndex)
              }}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => props.onChoose(row.location)}
            >
              <span className="picker-option-star" aria-hidden="true">
                {row.saved ? <StarIcon size={13} filled /> : null}
              </span>
              <span className="picker-option-name">{row.location.name}</span>
              <span className="picker-option-place muted">
                {row.location.city}, {row.location.country}
              </span>
              <span className="badge mono">{row.location.country_code.toUpperCase()}</span>
              {row.saved ? <span className="visually-hidden">(saved)</span> : null}
            </div>
          )
        })}
      </div>
    </div>
  )
}

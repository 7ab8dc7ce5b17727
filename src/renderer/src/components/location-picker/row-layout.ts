import type { PickerRowList } from '../../lib/picker-rows'

const HEADING_HEIGHT = 30
const OPTION_HEIGHT = 40

/** Where each row of a list sits, in px from the top of the list. */
interface RowLayout {
  totalSize: number
  span(rowIndex: number): { start: number; size: number }
  /** The row at `offset` px (the last row when past the end; 0 for an empty list). */
  indexAt(offset: number): number
}

const layouts = new WeakMap<PickerRowList, RowLayout>()

/** Options only (search results): arithmetic, nothing stored per row. */
function uniformLayout(count: number): RowLayout {
  return {
    totalSize: count * OPTION_HEIGHT,
    span: (rowIndex) => ({ start: rowIndex * OPTION_HEIGHT, size: OPTION_HEIGHT }),
    indexAt: (offset) =>
      Math.max(0, Math.min(count - 1, Math.floor(Math.max(0, offset) / OPTION_HEIGHT)))
  }
}

/** Headings and options: row starts computed once per list, rows found by binary search. */
function mixedLayout(rows: PickerRowList): RowLayout {
  const starts = new Float64Array(rows.count + 1)
  for (let index = 0; index < rows.count; index += 1) {
    const size = rows.at(index)?.kind === 'heading' ? HEADING_HEIGHT : OPTION_HEIGHT
    starts[index + 1] = (starts[index] ?? 0) + size
  }
  return {
    totalSize: starts[rows.count] ?? 0,
    span: (rowIndex) => {
      const start = starts[rowIndex] ?? 0
      return { start, size: (starts[rowIndex + 1] ?? start) - start }
    },
    indexAt: (offset) => {
      let low = 0
      let high = Math.max(0, rows.count - 1)
      while (low < high) {
        const middle = (low + high + 1) >> 1
        if ((starts[middle] ?? 0) <= offset) low = middle
        else high = middle - 1
      }
      return low
    }
  }
}

export function rowLayout(rows: PickerRowList): RowLayout {
  let layout = layouts.get(rows)
  if (layout === undefined) {
    layout = rows.optionsOnly ? uniformLayout(rows.count) : mixedLayout(rows)
    layouts.set(rows, layout)
  }
  return layout
}

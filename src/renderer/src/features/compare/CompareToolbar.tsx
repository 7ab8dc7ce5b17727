import { useId } from 'react'
import { SegmentedTabs } from '../../components/SegmentedTabs'
import type { BedType } from '@shared/bed-types'
import { bedLabel } from '../../lib/beds'
import { TRANSACTION_TYPE_OPTIONS } from '../../lib/sector-options'
import type { CompareView } from '../../stores/app-stores'

/** Transaction type and bed type the residential comparison is made for. */
export function CompareToolbar(props: {
  view: CompareView
  bedTypes: readonly BedType[]
  onChange: (view: CompareView) => void
}) {
  const bedsId = useId()
  return (
    <>
      <SegmentedTabs
        label="Transaction type"
        options={TRANSACTION_TYPE_OPTIONS}
        value={props.view.type}
        onChange={(type) => props.onChange({ ...props.view, type })}
        testId="compare-type"
      />
      <label className="inline-field" htmlFor={bedsId}>
        <span className="muted">Bed type</span>
        <select
          id={bedsId}
          className="select"
          value={props.view.beds}
          onChange={(event) => props.onChange({ ...props.view, beds: event.target.value })}
          data-testid="compare-beds"
        >
          {props.bedTypes.map(({ value }) => (
            <option key={value} value={value}>
              {bedLabel(value, props.bedTypes)}
            </option>
          ))}
        </select>
      </label>
    </>
  )
}

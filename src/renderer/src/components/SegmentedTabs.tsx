import { ChoiceGroup } from './ChoiceGroup'

/**
 * A compact switch in a toolbar (sector, transaction type): a ChoiceGroup, native radios in a
 * group named by `label`, which is read out rather than shown.
 */
export function SegmentedTabs<T extends string>(props: {
  label: string
  options: readonly { value: T; label: string }[]
  value: T
  onChange: (value: T) => void
  testId?: string
}) {
  const { label, options, ...rest } = props
  return <ChoiceGroup legend={label} hideLegend choices={options} {...rest} />
}

import type { Settings } from '@shared/settings'
import { formatPercent } from '../lib/format'
import { PLAUSIBLE_GROSS_YIELD } from '../lib/plausibility'
import type { UnitsSuspicion } from '../lib/plausibility'
import { NoticeFrame } from './ErrorNotice'
import { SettingsButton } from './SettingsButton'

/** How the settings read growth and rent figures, in words (the location screen's footer too). */
export const GROWTH_READING = {
  percent: 'percentages (7.5 = 7.5 %)',
  fraction: 'fractions (0.075 = 7.5 %)'
} as const

export const RENT_READING = {
  year: 'quoted per year',
  month: 'quoted per month (× 12 for the year)'
} as const

/**
 * Shown above figures that are past plausible bounds (lib/plausibility.ts): the service does
 * not state its units, so a wrong choice in Settings is the likely cause.
 */
export function UnitsHint(props: {
  suspicion: UnitsSuspicion | undefined
  settings: Pick<Settings, 'growthUnit' | 'rentPeriod'>
}) {
  const { suspicion, settings } = props
  if (!suspicion) return null
  const { growth, grossYield } = suspicion
  return (
    <NoticeFrame
      soft
      title="These figures look like the wrong units — check Settings."
      role="note"
      testId="units-hint"
      actions={<SettingsButton>Check Settings</SettingsButton>}
    >
      <ul>
        {growth !== undefined ? (
          <li>
            Growth of {formatPercent(growth, { signed: true })} a year is far outside what property
            markets see. Growth values are read as {GROWTH_READING[settings.growthUnit]}.
          </li>
        ) : null}
        {grossYield !== undefined ? (
          <li>
            A gross yield of {formatPercent(grossYield)} is far{' '}
            {grossYield > PLAUSIBLE_GROSS_YIELD.max ? 'above' : 'below'} what rentals earn. Rent is
            read as {RENT_READING[settings.rentPeriod]}.
          </li>
        ) : null}
      </ul>
    </NoticeFrame>
  )
}

import { useId } from 'react'
import type { ReactNode } from 'react'
import type { Settings } from '@shared/settings'
import { useConnectionStatus } from '../../data/use-connection'
import { useUpdateSettings } from '../../data/use-settings'
import { ChoiceGroup } from '../../components/ChoiceGroup'
import { AgentSettings } from './AgentSettings'
import { BedTypesEditor } from './BedTypesEditor'
import { CacheSettings } from './CacheSettings'
import { ConnectionSettings } from './ConnectionSettings'
import { DisplayCurrencySettings } from './DisplayCurrencySettings'
import './settings.css'
import { ScreenHeader } from '../../components/ScreenHeader'
import { FieldError } from '../../components/FieldError'

function Section(props: { title: string; description?: string; children: ReactNode }) {
  const id = useId()
  return (
    <section className="card settings-section" aria-labelledby={id}>
      <div className="settings-section-intro">
        <h2 id={id}>{props.title}</h2>
        {props.description ? <p className="muted small">{props.description}</p> : null}
      </div>
      <div className="settings-stack">{props.children}</div>
    </section>
  )
}

const DEMO_NOTICE =
  'The demo dataset is illustrative: neighbourhood names are real, but every price and growth figure is made up. Do not use it for decisions.'

export function SettingsScreen(props: { settings: Settings }) {
  const { settings } = props
  const update = useUpdateSettings()
  const status = useConnectionStatus()

  return (
    <div className="screen" data-testid="screen-settings">
      <ScreenHeader
        title="Settings"
        subtitle="Where the figures come from, how to read them, and what is kept offline."
      />
      <Section
        title="Connection"
        description="Demo data works with no key. Use your own service for real figures."
      >
        <ConnectionSettings settings={settings} />
      </Section>
      <Section
        title="Reading the figures"
        description="The service does not state these, so you choose."
      >
        <ChoiceGroup
          legend="Rent prices are quoted"
          choices={[
            { value: 'year', label: 'Per year' },
            { value: 'month', label: 'Per month' }
          ]}
          value={settings.rentPeriod}
          onChange={(rentPeriod) => update.mutate({ rentPeriod })}
          testId="rent-period"
        />
        <ChoiceGroup
          legend="Growth values are"
          choices={[
            { value: 'percent', label: 'Percent (7.5 = 7.5 %)' },
            { value: 'fraction', label: 'Fraction (0.075 = 7.5 %)' }
          ]}
          value={settings.growthUnit}
          onChange={(growthUnit) => update.mutate({ growthUnit })}
          testId="growth-unit"
        />
        <ChoiceGroup
          legend="The growth figure is"
          choices={[
            {
              value: 'per-year',
              label: 'Average per year (default)',
              hint: 'A yearly rate: the implied price path compounds it each year'
            },
            {
              value: 'total',
              label: 'Total over the period',
              hint: 'The whole change over the period: the path spreads it evenly over its years'
            }
          ]}
          value={settings.growthMeaning}
          onChange={(growthMeaning) => update.mutate({ growthMeaning })}
          testId="growth-meaning"
        />
        <BedTypesEditor
          bedTypes={settings.bedTypes}
          onChange={(bedTypes) => update.mutate({ bedTypes })}
        />
      </Section>
      <Section
        title="Display currency"
        description="Also show prices converted with rates you enter (nothing is fetched). Compare and Rankings rank across currencies only when converting."
      >
        <DisplayCurrencySettings />
      </Section>
      <Section title="Offline" description="Cached figures stay readable with the network off.">
        <label className="switch-row">
          <input
            type="checkbox"
            role="switch"
            checked={settings.offlineMode}
            onChange={(event) => update.mutate({ offlineMode: event.target.checked })}
            data-testid="offline-mode"
          />
          <span>
            <strong>Offline mode</strong>
            <span className="small muted block">
              Make no network requests; show cached figures only.
            </span>
          </span>
        </label>
        <CacheSettings />
      </Section>
      <Section
        title="Your report"
        description="Printed in the agent block of every location report you export."
      >
        <AgentSettings agent={settings.agent} />
      </Section>
      <Section title="Appearance">
        <ChoiceGroup
          legend="Theme"
          choices={[
            { value: 'system', label: 'System' },
            { value: 'light', label: 'Light' },
            { value: 'dark', label: 'Dark' }
          ]}
          value={settings.theme}
          onChange={(theme) => update.mutate({ theme })}
          testId="theme"
        />
      </Section>
      <Section title="About the demo data">
        <p className="notice" data-testid="demo-notice">
          {status.data?.demoNotice ?? DEMO_NOTICE}
        </p>
      </Section>
      {update.error ? (
        <FieldError message={`Could not save the setting: ${update.error.message}`} />
      ) : null}
    </div>
  )
}

import { useId } from 'react'
import type { ComponentProps, ReactNode } from 'react'
import { DEMO_NOTICE } from '@shared/contract'
import type { Settings } from '@shared/settings'
import { useConnectionStatus, useUpdateSettings } from '../../data/use-settings'
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

type ChoiceSetting = 'rentPeriod' | 'growthUnit' | 'growthMeaning' | 'theme'

export function SettingsScreen(props: { settings: Settings }) {
  const { settings } = props
  const update = useUpdateSettings()
  const status = useConnectionStatus()
  /** A setting picked from a few values, saved when picked (test id: the key in kebab case). */
  const choice = <K extends ChoiceSetting>(
    key: K,
    legend: string,
    choices: ComponentProps<typeof ChoiceGroup<Settings[K]>>['choices']
  ) => (
    <ChoiceGroup
      legend={legend}
      choices={choices}
      value={settings[key]}
      onChange={(value) => update.mutate({ [key]: value })}
      testId={key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}
    />
  )

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
        {choice('rentPeriod', 'Rent prices are quoted', [
          { value: 'year', label: 'Per year' },
          { value: 'month', label: 'Per month' }
        ])}
        {choice('growthUnit', 'Growth values are', [
          { value: 'percent', label: 'Percent (7.5 = 7.5 %)' },
          { value: 'fraction', label: 'Fraction (0.075 = 7.5 %)' }
        ])}
        {choice('growthMeaning', 'The growth figure is', [
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
        ])}
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
        {choice('theme', 'Theme', [
          { value: 'system', label: 'System' },
          { value: 'light', label: 'Light' },
          { value: 'dark', label: 'Dark' }
        ])}
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

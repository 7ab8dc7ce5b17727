import { useState } from 'react'
import type { LayoutProfile, RouteLayout, Settings } from '@shared/settings'
import {
  layoutFor,
  providerLayout,
  ROUTED_OPERATIONS,
  specLayout,
  withRouteLayout
} from '@shared/settings'
import { useUpdateSettings } from '../../data/use-settings'
import { ChoiceGroup } from '../../components/ChoiceGroup'
import { CustomRoutesEditor, RouteLine, RoutesTable } from './CustomRoutesEditor'
import { FieldError } from '../../components/FieldError'

/** The layouts to choose from, each with what it means. */
const PROFILES = [
  {
    value: 'provider',
    label: 'Estate Intel API',
    hint: '/locations at the host’s root, prices under /v1/; Test connection confirms growth'
  },
  {
    value: 'spec',
    label: 'All routes under the base URL',
    hint: '/locations, /residential-prices, /growth… each under the base URL, as the public spec shows'
  },
  { value: 'custom', label: 'My own paths', hint: 'Set each path and where its parameters go' }
] as const

/**
 * Where each operation lives at the saved base URL: a profile, or each path by hand. Saved per
 * base URL through the settings operation (main validates again); Test connection may replace it
 * with what it finds.
 */
export function RouteLayoutSettings(props: { settings: Settings }) {
  const { settings } = props
  const update = useUpdateSettings()
  const [saved, setSaved] = useState(false)
  const baseUrl = settings.baseUrl
  if (!baseUrl) {
    return (
      <div className="field" data-testid="route-layout">
        <span className="field-label">Route layout</span>
        <p className="small muted">Save the base URL first: a route layout is kept per base URL.</p>
      </div>
    )
  }
  const layout = layoutFor(settings, baseUrl)
  const chosen = settings.routeLayouts[baseUrl] !== undefined
  const save = (next: RouteLayout, onSaved?: () => void) =>
    update.mutate(
      { routeLayouts: withRouteLayout(settings.routeLayouts, baseUrl, next) },
      { onSuccess: onSaved }
    )
  const choose = (profile: LayoutProfile) => {
    setSaved(false)
    if (profile === 'provider') save(providerLayout())
    else if (profile === 'spec') save(specLayout(settings.parameterPlacement))
    else save({ profile: 'custom', routes: layout.routes })
  }

  return (
    <div className="field route-layout" data-testid="route-layout">
      <ChoiceGroup
        legend="Route layout"
        choices={PROFILES}
        value={layout.profile}
        onChange={choose}
        testId="route-profile"
      />
      <p className="small muted">
        Where each operation lives at <span className="mono">{baseUrl}</span> (kept for this base
        URL).
      </p>
      {layout.profile === 'custom' ? (
        <CustomRoutesEditor
          routes={layout.routes}
          pending={update.isPending}
          onSave={(routes) => save({ profile: 'custom', routes }, () => setSaved(true))}
        />
      ) : (
        <RoutesTable caption="The paths in use" testId="route-summary">
          {ROUTED_OPERATIONS.map((operation) => (
            <RouteLine key={operation} row={{ operation, ...layout.routes[operation] }} />
          ))}
        </RoutesTable>
      )}
      <p className="small muted" aria-live="polite" data-testid="route-layout-status">
        {saved
          ? 'Paths saved. '
          : chosen
            ? ''
            : `Not confirmed yet: “${PROFILES.find((profile) => profile.value === layout.profile)?.label}” is used until Test connection finds where each operation lives. `}
        A path starting with / is joined onto the host; without it, onto the base URL.
      </p>
      {update.error ? (
        <FieldError message={`Could not save the route layout: ${update.error.message}`} />
      ) : null}
    </div>
  )
}

import type { DiscoveryOutcome } from '@shared/contract'
import type { LayoutProfile, Placement, RoutedOperation } from '@shared/settings'

/** What each routed operation is called on screen. */
export const OPERATION_NAMES: Record<RoutedOperation, string> = {
  listLocations: 'Locations',
  getResidentialPrice: 'Residential prices',
  getGrowth: 'Growth',
  getLandPrice: 'Land prices'
}

export const PLACEMENT_NAMES: Record<Placement, string> = {
  query: 'Query string',
  body: 'JSON body',
  both: 'Query and body'
}

export const PROFILE_NAMES: Record<LayoutProfile, string> = {
  provider: 'Estate Intel API',
  spec: 'All routes under the base URL',
  custom: 'My own paths'
}

/** An outcome in words, and the badge tone it is drawn with. */
export const OUTCOME_WORDS: Record<DiscoveryOutcome, { text: string; tone: string }> = {
  works: { text: 'Works', tone: 'badge-ok' },
  'no-data': { text: 'No data', tone: 'badge-warning' },
  'route-missing': { text: 'Route missing', tone: 'badge-error' },
  auth: { text: 'Auth', tone: 'badge-error' },
  error: { text: 'Error', tone: 'badge-error' }
}

/** What an outcome means for the user, beside its badge. */
export const OUTCOME_MEANINGS: Record<DiscoveryOutcome, string> = {
  works: 'answered with figures for the sample location',
  'no-data': 'the route exists; no figures for the sample location',
  'route-missing': 'no candidate path answered',
  auth: 'the service refused the key',
  error: 'the route could not be confirmed'
}

export { discoverLayout, candidatePaths, MAX_DISCOVERY_REQUESTS } from './discover'
export type { DiscoverOptions, DiscoveryReport, Probe, Sample } from './discover'
export { createClientProbe } from './client-probe'
export type { ClientProbe } from './client-probe'

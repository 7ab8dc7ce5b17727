/**
 * IPC channel names, one per operation. Dependency-free on purpose: the sandboxed preload imports
 * this file and must bundle to a single CJS file that requires nothing but `electron`.
 */
export const CHANNELS = {
  listLocations: 'market:list-locations',
  getResidentialPrice: 'market:get-residential-price',
  getGrowth: 'market:get-growth',
  getLandPrice: 'market:get-land-price',
  cancelRequest: 'market:cancel-request',
  batchLookup: 'market:batch-lookup',
  cancelBatch: 'market:cancel-batch',
  getSettings: 'settings:get',
  updateSettings: 'settings:update',
  setApiKey: 'key:set',
  clearApiKey: 'key:clear',
  getKeyStatus: 'key:status',
  testConnection: 'connection:test',
  getConnectionStatus: 'connection:status'
} as const

export type Operation = keyof typeof CHANNELS

export const OPERATIONS = Object.keys(CHANNELS) as Operation[]

/** main → renderer push events (not request/response). */
export const EVENTS = {
  batchProgress: 'market:batch-progress'
} as const

/**
 * Each operation's IPC channel, for the preload and main's registry. Apart from the operation
 * table on purpose: the sandboxed preload imports this file and must bundle to a single CJS file
 * that requires nothing but `electron` (operations.ts pulls in zod). The `satisfies` below makes
 * the compiler refuse a missing or extra operation.
 */
import type { Operation } from './operations'

export type { Operation }

export const CHANNELS = {
  listLocations: 'market:list-locations',
  getResidentialPrice: 'market:get-residential-price',
  getGrowth: 'market:get-growth',
  getLandPrice: 'market:get-land-price',
  batchLookup: 'market:batch-lookup',
  cancelBatch: 'market:cancel-batch',
  resumeService: 'market:resume-service',
  getSettings: 'settings:get',
  updateSettings: 'settings:update',
  setApiKey: 'key:set',
  clearApiKey: 'key:clear',
  getKeyStatus: 'key:status',
  testConnection: 'connection:test',
  cancelConnectionTest: 'connection:cancel-test',
  getConnectionStatus: 'connection:status',
  answerFlush: 'app:flush-answer',
  exportReport: 'report:export-pdf'
} as const satisfies { readonly [K in Operation]: string }

/** main → renderer push events (not request/response). */
export const EVENTS = {
  batchProgress: 'market:batch-progress',
  serviceState: 'market:service-state',
  flushRequest: 'app:flush-request'
} as const

/** renderer → main, desktop app only: save bytes through the native save dialog (shared/desktop.ts). */
export const SAVE_FILE_CHANNEL = 'file:save'

/** main → renderer: what an application-menu item asks the page to do (nothing else). */
export const MENU_EVENT = 'app:menu-action'

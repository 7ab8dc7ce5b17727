/**
 * The application menu's actions sent to the page. Dependency-free: the sandboxed preload checks
 * payloads with isMenuAction (it cannot bundle zod); the page parses again with MenuActionSchema
 * (./desktop.ts). Main sends only these typed constants.
 */
/** Every action the application menu can send to the page; the only payloads MENU_EVENT carries. */
export const MENU_ACTIONS = [
  'go-explore',
  'go-rankings',
  'go-compare',
  'go-saved',
  'open-settings',
  'focus-search',
  'export-csv',
  'export-png',
  'export-report',
  'theme-system',
  'theme-light',
  'theme-dark'
] as const

export type MenuAction = (typeof MENU_ACTIONS)[number]

export function isMenuAction(value: unknown): value is MenuAction {
  return typeof value === 'string' && (MENU_ACTIONS as readonly string[]).includes(value)
}

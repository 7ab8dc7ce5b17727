import { describe, expect, it, vi } from 'vitest'
import type { MenuItemConstructorOptions } from 'electron'
import { MENU_ACTIONS } from '@shared/menu-actions'
import { buildMenuTemplate } from './menu-template'
import type { MenuPlatform, MenuTemplateOptions } from './menu-template'

type Item = MenuItemConstructorOptions

function build(platform: MenuPlatform, development = false) {
  const options: MenuTemplateOptions = {
    platform,
    development,
    appName: 'Market Explorer',
    send: vi.fn(),
    showAbout: vi.fn(),
    openDataFolder: vi.fn(),
    openServiceContract: vi.fn()
  }
  return { template: buildMenuTemplate(options), options }
}

const strip = (label: string | undefined) => (label ?? '').replace(/&(?!&)/g, '').replace('&&', '&')

function flatten(items: readonly Item[]): Item[] {
  return items.flatMap((item) => [
    item,
    ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])
  ])
}

function menu(template: readonly Item[], label: string): Item[] {
  const found = template.find((item) => strip(item.label) === label)
  if (!found || !Array.isArray(found.submenu)) throw new Error(`no ${label} menu`)
  return found.submenu
}

function item(template: readonly Item[], label: string): Item {
  const found = flatten(template).find((entry) => strip(entry.label) === label)
  if (!found) throw new Error(`no ${label} item`)
  return found
}

const click = (entry: Item) => (entry.click as unknown as () => void)()

const roles = (template: readonly Item[]) => flatten(template).map((entry) => entry.role)
/** Every accelerator in a template. */
const acceleratorsOf = (template: readonly Item[]): string[] =>
  flatten(template).flatMap((entry) =>
    typeof entry.accelerator === 'string' ? [entry.accelerator] : []
  )

describe.each(['darwin', 'win32', 'linux'] as const)('the menu on %s', (platform) => {
  it('has Settings on Ctrl/Cmd+, , the screens on Ctrl/Cmd+1…, search on Ctrl/Cmd+K', () => {
    const { template, options } = build(platform)
    expect(item(template, 'Settings…').accelerator).toBe('CmdOrCtrl+,')
    const go = menu(template, 'Go').filter((entry) => entry.type !== 'separator')
    expect(go.map((entry) => [strip(entry.label), entry.accelerator])).toEqual([
      ['Explore', 'CmdOrCtrl+1'],
      ['Rankings', 'CmdOrCtrl+2'],
      ['Compare', 'CmdOrCtrl+3'],
      ['Saved & offline', 'CmdOrCtrl+4'],
      ['Search Locations…', 'CmdOrCtrl+K']
    ])
    for (const entry of go) click(entry)
    expect(vi.mocked(options.send).mock.calls).toEqual([
      ['go-explore'],
      ['go-rankings'],
      ['go-compare'],
      ['go-saved'],
      ['focus-search']
    ])
  })

  it('leaves Ctrl/Cmd+K to the page (shown, not registered) and shares no accelerator', () => {
    const { template } = build(platform, true)
    expect(item(template, 'Search Locations…').registerAccelerator).toBe(false)
    const accelerators = acceleratorsOf(template)
    expect(new Set(accelerators).size).toBe(accelerators.length)
  })

  it('exports, switches theme and opens settings only through menu actions', () => {
    const { template, options } = build(platform)
    for (const label of [
      'Export Table as CSV…',
      'Export Chart as PNG…',
      'Export Report as PDF…',
      'System',
      'Light',
      'Dark',
      'Settings…'
    ]) {
      click(item(template, label))
    }
    expect(vi.mocked(options.send).mock.calls.flat()).toEqual([
      'export-csv',
      'export-png',
      'export-report',
      'theme-system',
      'theme-light',
      'theme-dark',
      'open-settings'
    ])
    for (const action of vi.mocked(options.send).mock.calls.flat()) {
      expect(MENU_ACTIONS).toContain(action)
    }
  })

  it('has Edit roles, zoom, full screen and Quit, and no Reload or DevTools in a production build', () => {
    const { template } = build(platform)
    // Electron fills the editMenu role with undo, redo, cut, copy, paste and select all.
    expect(item(template, 'Edit')).toMatchObject({ role: 'editMenu' })
    expect(item(template, 'Edit').submenu).toBeUndefined()
    expect(roles(template)).toEqual(
      expect.arrayContaining(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen', 'quit'])
    )
    for (const role of ['reload', 'forceReload', 'toggleDevTools']) {
      expect(roles(template)).not.toContain(role)
    }
    const accelerators = acceleratorsOf(template).map((accelerator) => accelerator.toLowerCase())
    expect(accelerators.filter((accelerator) => /\+r$|f5|i$/.test(accelerator))).toEqual([])
  })

  it('adds Reload and DevTools in a development build only', () => {
    const { template } = build(platform, true)
    expect(menu(template, 'View').map((entry) => entry.role)).toEqual(
      expect.arrayContaining(['reload', 'forceReload', 'toggleDevTools'])
    )
  })

  it('has About, the data folder and the service contract, each run in main', () => {
    const { template, options } = build(platform)
    click(item(template, 'About Market Explorer'))
    click(item(template, 'Open Data Folder'))
    click(item(template, 'Service Contract'))
    expect(options.showAbout).toHaveBeenCalledOnce()
    expect(options.openDataFolder).toHaveBeenCalledOnce()
    expect(options.openServiceContract).toHaveBeenCalledOnce()
    expect(options.send).not.toHaveBeenCalled()
  })
})

describe('platform conventions', () => {
  it('macOS: the app menu first (About, Settings, Services, Hide, Quit) and a Window menu', () => {
    const { template } = build('darwin')
    expect(template.map((entry) => strip(entry.label) || entry.role)).toEqual([
      'Market Explorer',
      'File',
      'Edit',
      'View',
      'Go',
      'windowMenu',
      'Help'
    ])
    const appMenu = menu(template, 'Market Explorer')
    expect(strip(appMenu[0]?.label)).toBe('About Market Explorer')
    expect(appMenu.map((entry) => entry.role)).toEqual(
      expect.arrayContaining(['services', 'hide', 'hideOthers', 'quit'])
    )
    expect(menu(template, 'File').map((entry) => entry.role)).not.toContain('quit')
    expect(menu(template, 'Help').map((entry) => strip(entry.label))).not.toContain(
      'About Market Explorer'
    )
  })

  it.each(['win32', 'linux'] as const)(
    '%s: File menu first with the exports, Settings and Quit; About under Help; mnemonics',
    (platform) => {
      const { template } = build(platform)
      expect(template.map((entry) => entry.label)).toEqual([
        '&File',
        '&Edit',
        '&View',
        '&Go',
        '&Help'
      ])
      const file = menu(template, 'File')
      expect(file.map((entry) => (strip(entry.label) || entry.role) ?? entry.type)).toEqual([
        'Export Table as CSV…',
        'Export Chart as PNG…',
        'Export Report as PDF…',
        'separator',
        'Settings…',
        'separator',
        'quit'
      ])
      expect(menu(template, 'Help').map((entry) => strip(entry.label))).toContain(
        'About Market Explorer'
      )
      expect(roles(template)).not.toContain('services')
    }
  )
})

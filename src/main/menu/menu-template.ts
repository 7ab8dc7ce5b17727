/**
 * The application menu as a plain template (no electron import, so it is unit-tested per
 * platform): macOS gets the app menu, Windows and Linux a File menu. Items either ask the page to
 * do something (a MenuAction over the one menu event) or run in main (About, data folder, the
 * service contract). Reload and DevTools exist only in development builds.
 */
import type { MenuItemConstructorOptions } from 'electron'
import type { MenuAction } from '@shared/desktop'

export type MenuPlatform = 'darwin' | 'win32' | 'linux'

export interface MenuTemplateOptions {
  platform: MenuPlatform
  /** Development build (electron-vite dev): adds Reload and DevTools. Never in a packaged app. */
  development: boolean
  appName: string
  /** Sends an action to the page over the menu event. */
  send(action: MenuAction): void
  showAbout(): void
  openDataFolder(): void
  openServiceContract(): void
}

type Item = MenuItemConstructorOptions

export function buildMenuTemplate(options: MenuTemplateOptions): Item[] {
  const mac = options.platform === 'darwin'
  /** A top-level menu: Windows and Linux underline its first letter as the Alt key's access key. */
  const menu = (label: string, submenu: Item[], extra: Item = {}): Item => ({
    label: mac ? label : `&${label}`,
    ...extra,
    submenu
  })
  const action = (label: string, sent: MenuAction, accelerator?: string): Item => ({
    label,
    ...(accelerator ? { accelerator } : {}),
    click: () => options.send(sent)
  })
  const settings = action(mac ? 'Settings…' : '&Settings…', 'open-settings', 'CmdOrCtrl+,')
  const exports: Item[] = [
    action('Export Table as CSV…', 'export-csv', 'CmdOrCtrl+Shift+E'),
    action('Export Chart as PNG…', 'export-png', 'CmdOrCtrl+Shift+P'),
    action('Export Report as PDF…', 'export-report', 'CmdOrCtrl+P')
  ]

  const appMenu: Item = {
    label: options.appName,
    submenu: [
      { label: `About ${options.appName}`, click: options.showAbout },
      { type: 'separator' },
      settings,
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' }
    ]
  }
  const fileMenu = menu(
    'File',
    mac
      ? [...exports, { type: 'separator' }, { role: 'close' }]
      : [...exports, { type: 'separator' }, settings, { type: 'separator' }, { role: 'quit' }]
  )
  // Electron's own Edit menu: undo, redo, cut, copy, paste (and match style on macOS), delete,
  // select all; its label with the access key.
  const editMenu: Item = { role: 'editMenu', label: mac ? 'Edit' : '&Edit' }
  const development: Item[] = options.development
    ? [
        { role: 'reload' },
        { role: 'forceReload' },
        { role: 'toggleDevTools' },
        { type: 'separator' }
      ]
    : []
  const viewMenu = menu('View', [
    ...development,
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    {
      label: 'Theme',
      submenu: [
        action('System', 'theme-system'),
        action('Light', 'theme-light'),
        action('Dark', 'theme-dark')
      ]
    },
    { type: 'separator' },
    { role: 'togglefullscreen' }
  ])
  // Each screen with Ctrl/Cmd+1…, in the sidebar's order.
  const goMenu = menu('Go', [
    action('Explore', 'go-explore', 'CmdOrCtrl+1'),
    action('Rankings', 'go-rankings', 'CmdOrCtrl+2'),
    action('Compare', 'go-compare', 'CmdOrCtrl+3'),
    action('Saved && offline', 'go-saved', 'CmdOrCtrl+4'),
    { type: 'separator' },
    // The page handles Ctrl/Cmd+K itself (Compare's own search takes it there): the menu shows
    // the shortcut without registering it, so one key press is never handled twice.
    { ...action('Search Locations…', 'focus-search', 'CmdOrCtrl+K'), registerAccelerator: false }
  ])
  const windowMenu: Item = { role: 'windowMenu' }
  const helpMenu = menu(
    'Help',
    [
      ...(mac ? [] : [{ label: `&About ${options.appName}`, click: options.showAbout } as Item]),
      { label: 'Open Data Folder', click: options.openDataFolder },
      { label: 'Service Contract', click: options.openServiceContract }
    ],
    { role: 'help' }
  )
  return mac
    ? [appMenu, fileMenu, editMenu, viewMenu, goMenu, windowMenu, helpMenu]
    : [fileMenu, editMenu, viewMenu, goMenu, helpMenu]
}

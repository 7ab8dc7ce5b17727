import { describe, expect, it, vi } from 'vitest'
import type { BrowserWindow, MenuItemConstructorOptions } from 'electron'
import { MENU_EVENT } from '@shared/channels'
import { silentLogger } from '../logging/logger'
import { installApplicationMenu } from './application-menu'

const built = vi.hoisted(() => ({ template: [] as MenuItemConstructorOptions[] }))

vi.mock('electron', () => ({
  app: { name: 'Market Explorer', getVersion: () => '0.1.0', getPath: () => '/tmp' },
  dialog: { showMessageBox: vi.fn(async () => ({ response: 0 })) },
  shell: { openPath: vi.fn(async () => '') },
  Menu: {
    buildFromTemplate: (template: MenuItemConstructorOptions[]) => {
      built.template = template
      return {}
    },
    setApplicationMenu: vi.fn()
  }
}))

/** The installed menu's item labelled `label`, searched through every submenu. */
function item(label: string): MenuItemConstructorOptions {
  const walk = (items: MenuItemConstructorOptions[]): MenuItemConstructorOptions | undefined => {
    for (const entry of items) {
      if (entry.label === label) return entry
      const found = Array.isArray(entry.submenu) ? walk(entry.submenu) : undefined
      if (found) return found
    }
    return undefined
  }
  const found = walk(built.template)
  if (!found) throw new Error(`no menu item "${label}"`)
  return found
}

function fakeWindow(state: { destroyed?: boolean; minimised?: boolean } = {}) {
  const window = {
    isDestroyed: () => state.destroyed ?? false,
    isMinimized: () => state.minimised ?? false,
    restore: vi.fn(),
    show: vi.fn(),
    webContents: { send: vi.fn() }
  }
  return { window, asWindow: window as unknown as BrowserWindow }
}

const install = (window: () => BrowserWindow | undefined): void =>
  installApplicationMenu({
    window,
    development: false,
    serviceContractPath: () => '/tmp/service-contract.md',
    logger: silentLogger
  })

const click = (label: string): void => {
  const handler = item(label).click as (() => void) | undefined
  handler?.()
}

describe('installApplicationMenu', () => {
  it('sends a menu action to the window on the menu event, bringing a minimised window forward', () => {
    const { window, asWindow } = fakeWindow({ minimised: true })
    install(() => asWindow)
    click('Saved && offline')
    expect(window.restore).toHaveBeenCalledTimes(1)
    expect(window.show).toHaveBeenCalledTimes(1)
    expect(window.webContents.send.mock.calls).toEqual([[MENU_EVENT, 'go-saved']])
  })

  it('sends nothing when there is no window or it was destroyed', () => {
    install(() => undefined)
    expect(() => click('Saved && offline')).not.toThrow()
    const { window, asWindow } = fakeWindow({ destroyed: true })
    install(() => asWindow)
    click('Saved && offline')
    expect(window.show).not.toHaveBeenCalled()
    expect(window.webContents.send).not.toHaveBeenCalled()
  })
})

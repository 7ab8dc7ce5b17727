import { describe, expect, it, vi } from 'vitest'
import { MENU_EVENT } from '@shared/channels'
import { MENU_ACTIONS } from '@shared/menu-actions'
import type { MenuAction } from '@shared/desktop'
import { silentLogger } from '../logging/logger'
import { aboutDetail } from './about'
import { createMenuActionSender } from './menu-events'

function target(destroyed = false) {
  return { isDestroyed: () => destroyed, send: vi.fn() }
}

describe('createMenuActionSender', () => {
  it('sends every menu action on the menu event, and only that', () => {
    const contents = target()
    const send = createMenuActionSender(() => contents, silentLogger)
    for (const action of MENU_ACTIONS) expect(send(action)).toBe(true)
    expect(contents.send.mock.calls).toEqual(MENU_ACTIONS.map((action) => [MENU_EVENT, action]))
  })

  it('refuses anything that is not a menu action, and says so in the log', () => {
    const contents = target()
    const logger = { ...silentLogger, warn: vi.fn() }
    const send = createMenuActionSender(() => contents, logger)
    for (const hostile of ['open-devtools', '', { action: 'go-explore' }]) {
      expect(send(hostile as MenuAction)).toBe(false)
    }
    expect(contents.send).not.toHaveBeenCalled()
    expect(logger.warn).toHaveBeenCalledTimes(3)
  })

  it('sends nothing when there is no window or it was destroyed', () => {
    expect(createMenuActionSender(() => undefined, silentLogger)('go-saved')).toBe(false)
    const destroyed = target(true)
    expect(createMenuActionSender(() => destroyed, silentLogger)('go-saved')).toBe(false)
    expect(destroyed.send).not.toHaveBeenCalled()
  })
})

describe('aboutDetail', () => {
  it('names the version, the data notice and the licences', () => {
    const text = aboutDetail('0.1.0', { electron: '41.10.0', chrome: '140', node: '22' })
    expect(text).toContain('Version 0.1.0')
    expect(text).toContain('Electron 41.10.0')
    expect(text).toMatch(/illustrative dataset, not real prices/)
    expect(text).toMatch(/Licences/)
  })
})

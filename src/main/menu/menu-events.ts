/**
 * Sends a menu action to the page over MENU_EVENT, the one main → renderer channel the menu uses.
 * The action is parsed with the shared zod enum first, so nothing else can travel that way.
 */
import { MENU_EVENT } from '@shared/channels'
import { MenuActionSchema } from '@shared/desktop'
import type { MenuAction } from '@shared/desktop'
import type { AppLogger } from '../logging/logger'

export interface MenuEventTarget {
  isDestroyed(): boolean
  send(channel: string, payload: MenuAction): void
}

export type SendMenuAction = (action: MenuAction) => boolean

/** `target()`: the main window's webContents, if there is one. Answers whether it was sent. */
export function createMenuActionSender(
  target: () => MenuEventTarget | undefined,
  logger: AppLogger
): SendMenuAction {
  return (action) => {
    const parsed = MenuActionSchema.safeParse(action)
    if (!parsed.success) {
      logger.warn('menu action refused: not a menu action')
      return false
    }
    const contents = target()
    if (!contents || contents.isDestroyed()) return false
    contents.send(MENU_EVENT, parsed.data)
    return true
  }
}

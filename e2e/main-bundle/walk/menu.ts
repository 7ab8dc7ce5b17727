/** The application menu: the items that run in main, and one that asks the page. */
import { existsSync } from 'node:fs'
import { basename } from 'node:path'
import type { MenuAction } from '@shared/menu-actions'
import type { MenuItemOptions } from '../stand-in/system'
import type { OpenWindow, WalkContext } from './context'
import { describe, until } from './report'

function allItems(items: readonly MenuItemOptions[]): MenuItemOptions[] {
  return items.flatMap((item) => [item, ...allItems(item.submenu ?? [])])
}

export async function checkMenu(ctx: WalkContext, { market }: OpenWindow): Promise<void> {
  const { rec, standIn, config } = ctx
  rec.step('menu')
  const { record } = standIn.system
  const items = allItems(record.applicationMenu?.items ?? [])
  const named = (pattern: RegExp) => items.find((item) => pattern.test(item.label ?? ''))
  if (!rec.check('installs an application menu', items.length > 0)) return
  rec.check(
    'has no Reload or DevTools outside development',
    !items.some((item) => /reload|devtools/i.test(item.role ?? '')),
    items.map((item) => item.role).filter(Boolean)
  )

  const about = named(/^&?About /)
  rec.check(
    `names the About item after the product`,
    about?.label?.replace('&', '') === `About ${config.productName}`,
    about?.label
  )
  about?.click?.()
  const box = record.messageBoxes.at(-1)
  rec.check(
    'About shows the product name and version',
    box?.title === `About ${config.productName}` &&
      box.detail?.includes(`Version ${standIn.app.getVersion()}`) === true,
    box
  )

  named(/Open Data Folder/)?.click?.()
  const dataFolder = record.openedPaths.at(-1) ?? ''
  rec.check(
    'Open Data Folder opens the data folder, named after the product',
    dataFolder === standIn.app.getPath('userData') &&
      basename(dataFolder) === config.productName &&
      existsSync(dataFolder),
    dataFolder
  )

  named(/Service Contract/)?.click?.()
  const contract = record.openedPaths.at(-1) ?? ''
  rec.check(
    'Service Contract opens a file that exists',
    contract !== dataFolder && existsSync(contract),
    contract
  )
  if (config.isPackaged) {
    rec.check(
      'the packaged app reads it from its resources',
      contract.startsWith(config.resourcesPath),
      contract
    )
  }

  const actions: MenuAction[] = []
  const stop = market.onMenuAction((action) => actions.push(action))
  named(/Settings…$/)?.click?.()
  try {
    await until(config.stepBoundMs, 'the menu action', () => actions.includes('open-settings'))
    rec.check('Settings… reaches the page as a menu action', true)
  } catch (error) {
    rec.check('Settings… reaches the page as a menu action', false, describe(error))
  }
  stop()
  rec.check(
    'opens nothing in the browser',
    record.openedExternal.length === 0,
    record.openedExternal
  )
}

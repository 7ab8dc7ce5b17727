/**
 * The built preload against main's registrations: every channel the page can invoke has a
 * handler, every handler has a channel the page can invoke, and both match the source's list.
 */
import { CHANNELS, EVENTS, MENU_EVENT, SAVE_FILE_CHANNEL } from '@shared/channels'
import { runPreload } from '../stand-in/page'
import type { OpenWindow, WalkContext } from './context'

const sorted = (values: Iterable<string>): string[] => [...values].sort()
const missingFrom = (values: Iterable<string>, from: ReadonlySet<string>): string[] =>
  sorted([...values].filter((value) => !from.has(value)))

/** Calls every method the preload exposes once, recording the channels (main is not asked). */
async function preloadChannels(
  preloadPath: string
): Promise<{ invoked: Set<string>; listened: Set<string> }> {
  const invoked = new Set<string>()
  const page = runPreload(preloadPath, {
    invoke: (channel) => {
      invoked.add(channel)
      return Promise.resolve({ ok: false, error: { code: 'INTERNAL', message: 'recording' } })
    }
  })
  const market = page.exposed.get('market') as Record<string, unknown> | undefined
  for (const [name, method] of Object.entries(market ?? {})) {
    if (typeof method !== 'function') continue
    if (/^on[A-Z]/.test(name)) (method as (listener: () => void) => unknown)(() => undefined)
    else await (method as (input?: unknown) => Promise<unknown>)(undefined)
  }
  return { invoked, listened: new Set(page.listenedChannels()) }
}

/** Returns the event channels the preload listens on. */
export async function checkChannels(
  { standIn, rec }: WalkContext,
  { window }: OpenWindow
): Promise<ReadonlySet<string>> {
  rec.step('channels')
  const preload = window.options.webPreferences?.preload ?? ''
  const { invoked, listened } = await preloadChannels(preload)
  const handled = new Set(standIn.ipcMain.handlers.keys())
  rec.check(
    'every preload channel has a main handler',
    missingFrom(invoked, handled).length === 0,
    {
      withoutHandler: missingFrom(invoked, handled)
    }
  )
  rec.check('no main handler lacks a preload channel', missingFrom(handled, invoked).length === 0, {
    withoutChannel: missingFrom(handled, invoked)
  })
  const declared = new Set<string>([...Object.values(CHANNELS), SAVE_FILE_CHANNEL])
  rec.check(
    "the preload's channels are the operation table's",
    missingFrom(invoked, declared).length === 0 && missingFrom(declared, invoked).length === 0,
    { notDeclared: missingFrom(invoked, declared), notInPreload: missingFrom(declared, invoked) }
  )
  const events = new Set<string>([...Object.values(EVENTS), MENU_EVENT])
  rec.check(
    'the preload listens on every event main sends',
    missingFrom(events, listened).length === 0,
    { notListened: missingFrom(events, listened) }
  )
  return listened
}

/** After the walk: main sent the page nothing on a channel the preload does not listen on. */
export function checkSentChannels(
  { rec }: WalkContext,
  { window }: OpenWindow,
  listened: ReadonlySet<string>
): void {
  rec.step('events')
  const sent = new Set(window.webContents.record.sent.map(({ channel }) => channel))
  rec.check(
    'main sends only on channels the page listens on',
    missingFrom(sent, listened).length === 0,
    {
      unheard: missingFrom(sent, listened)
    }
  )
}

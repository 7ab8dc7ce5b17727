/**
 * Senders that are not our page are refused (FORBIDDEN) on every path into main: a subframe of
 * our window, another file (beside ours, or ours on another host), a web page, and our own page
 * open in another window.
 */
import { CHANNELS } from '@shared/channels'
import type { MarketApi } from '@shared/operations'
import type { Result } from '@shared/result'
import type { OpenWindow, WalkContext } from './context'

const isForbidden = (reply: unknown): boolean =>
  typeof reply === 'object' &&
  reply !== null &&
  (reply as Result<unknown>).ok === false &&
  (reply as { error: { code: string } }).error.code === 'FORBIDDEN'

export async function checkUntrustedSenders(
  ctx: WalkContext,
  { window }: OpenWindow
): Promise<void> {
  const { rec, standIn } = ctx
  rec.step('untrusted senders')
  const contents = window.webContents
  const ours = contents.getURL()
  const onAnotherHost = new URL(ours)
  onAnotherHost.host = 'evil-host'
  const frames: Record<string, { url: string; parent: unknown }> = {
    'a subframe showing our page': { url: ours, parent: contents.mainFrame },
    'another file in our folder': { url: new URL('other.html', ours).href, parent: null },
    'a file named like ours': { url: `${ours.replace(/#.*$/, '')}.evil`, parent: null },
    'our path on another host': { url: onAnotherHost.href, parent: null },
    'a web page': { url: 'https://example.com/index.html', parent: null }
  }
  for (const [who, senderFrame] of Object.entries(frames)) {
    const event = { sender: contents, senderFrame, frameId: 2, processId: contents.id }
    const settings = await standIn.ipcMain.invoke(CHANNELS.getSettings, event, [undefined])
    const lookup = await standIn.ipcMain.invoke(CHANNELS.listLocations, event, [{ sector: 'land' }])
    rec.check(`refuses ${who}`, isForbidden(settings) && isForbidden(lookup), {
      senderFrame,
      settings
    })
  }

  const other = new standIn.BrowserWindow({
    show: false,
    webPreferences: {
      preload: window.options.webPreferences?.preload ?? '',
      sandbox: true,
      contextIsolation: true
    }
  })
  try {
    await other.loadURL(ours)
    const market = other.webContents.page?.exposed.get('market') as MarketApi | undefined
    const reply = await market?.getSettings()
    rec.check('refuses our page in another window', isForbidden(reply), reply)
  } finally {
    other.destroy()
  }
  rec.check(
    'still answers our own page',
    (
      (await ctx.standIn.ipcMain.invoke(
        CHANNELS.getSettings,
        { sender: contents, senderFrame: contents.mainFrame },
        [undefined]
      )) as Result<unknown>
    ).ok
  )
}

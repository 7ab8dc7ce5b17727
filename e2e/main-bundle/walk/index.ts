/**
 * The main-bundle smoke walk, run by run-walk.ts as `node walk.mjs <config JSON>`: loads the
 * built main bundle with the stand-in `electron`, walks it as a launch, a session and a quit
 * would, prints its report, then checks that Node exits by itself (nothing left open) in time.
 */
import { writeSync } from 'node:fs'
import { register } from 'node:module'
import type { StandIn } from '../stand-in/electron'
import { checkChannels, checkSentChannels } from './channels'
import { checkCloseAndQuit } from './close'
import type { WalkConfig } from './config'
import type { WalkContext } from './context'
import { checkLookups } from './lookups'
import { checkMenu } from './menu'
import { EXIT_PREFIX, REPORT_PREFIX } from './prefixes'
import { createRecorder, describe } from './report'
import { checkUntrustedSenders } from './senders'
import { checkHardening, loadMain, openWindow } from './start'

async function walk(ctx: WalkContext): Promise<void> {
  if (!(await loadMain(ctx))) return
  const open = await openWindow(ctx)
  if (!open) return
  checkHardening(ctx, open)
  const eventChannels = await checkChannels(ctx, open)
  await checkLookups(ctx, open)
  await checkUntrustedSenders(ctx, open)
  await checkMenu(ctx, open)
  checkSentChannels(ctx, open, eventChannels)
  await checkCloseAndQuit(ctx, open)
}

const config = JSON.parse(process.argv[2] ?? '{}') as WalkConfig
const rec = createRecorder()
const { unhandled } = rec.report
process.on('unhandledRejection', (reason) =>
  unhandled.push(`unhandled rejection: ${describe(reason)}`)
)
process.on('uncaughtException', (error) => unhandled.push(`uncaught exception: ${describe(error)}`))

register(new URL('./resolve-electron.mjs', import.meta.url), {
  data: { standInUrl: new URL('./electron.mjs', import.meta.url).href }
})
const { standIn } = (await import('electron')) as unknown as { standIn: StandIn }
standIn.configure(config)
try {
  await walk({ config, standIn, rec })
} catch (error) {
  rec.check('the walk runs to its end', false, error)
}
writeSync(1, `${REPORT_PREFIX}${JSON.stringify(rec.report)}\n`)

// Electron would end the process at `quit`; here Node must get there on its own.
const quitAt = standIn.app.record.quitAt ?? performance.now()
let reported = false
const reportExit = (drained: boolean): void => {
  if (reported) return
  reported = true
  const exit = {
    drained,
    afterQuitMs: Math.round(performance.now() - quitAt),
    unhandled,
    ...(drained ? {} : { stillOpen: process.getActiveResourcesInfo() })
  }
  writeSync(1, `${EXIT_PREFIX}${JSON.stringify(exit)}\n`)
}
process.on('exit', () => reportExit(true))
setTimeout(() => {
  reportExit(false)
  process.exit(3)
}, config.exitBoundMs).unref()

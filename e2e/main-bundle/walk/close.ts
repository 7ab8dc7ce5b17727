/**
 * Closing the window: main asks the page to flush, the page answers as the renderer does, the
 * window closes on the answer (not on the 2 s timeout), and the app quits.
 */
import type { OpenWindow, WalkContext } from './context'
import { describe, until } from './report'

/** Well under main's flush timeout (2 s): a close this fast went by the answer. */
const HANDSHAKE_BOUND_MS = 1_500

export async function checkCloseAndQuit(
  ctx: WalkContext,
  { window, market }: OpenWindow
): Promise<void> {
  const { rec, standIn, config } = ctx
  rec.step('close')
  const answers: unknown[] = []
  let requests = 0
  market.onFlushRequest(({ flushId }) => {
    requests += 1
    void market
      .answerFlush({ flushId, written: 0, failed: 0 })
      .then((answer) => answers.push(answer))
  })
  const started = performance.now()
  window.close()
  try {
    await until(config.stepBoundMs, 'the window closed', () => window.isDestroyed())
  } catch (error) {
    rec.check('the window closes', false, { error: describe(error), requests, answers })
    return
  }
  const tookMs = Math.round(performance.now() - started)
  rec.check('asks the page to flush once', requests === 1, requests)
  rec.check(
    'takes the page’s answer',
    answers.length === 1 && JSON.stringify(answers[0]).includes('"accepted":true'),
    answers
  )
  rec.check('closes on the answer, not the timeout', tookMs < HANDSHAKE_BOUND_MS, `${tookMs} ms`)

  rec.step('quit')
  try {
    await until(config.stepBoundMs, 'the app quit', () => standIn.app.record.quitAt !== undefined)
    rec.check('the app quits once its last window closed', true)
  } catch (error) {
    rec.check('the app quits once its last window closed', false, describe(error))
  }
  rec.check(
    'does not exit with an error code',
    standIn.app.record.exitCode === undefined,
    standIn.app.record.exitCode
  )
}

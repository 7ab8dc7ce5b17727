/**
 * The twelve service faults the reliability suite puts the app through, one behaviour each for the
 * fault server. Shared by the client suite (reliability/) and the UI suite (e2e/), each sizing the
 * slow ones against its own timeouts.
 */
import type { Behaviour } from './fault-server'
import { delayed, hang, htmlPage, json, reset, text } from './fault-server'

export const FAULT_NAMES = [
  'delay past timeout',
  'hang',
  'connection reset',
  '500',
  '503 with Retry-After',
  '429',
  'HTML error page',
  'malformed JSON',
  'wrong envelope',
  'success:false with 200',
  '10 MB body',
  'slow drip'
] as const
export type FaultName = (typeof FAULT_NAMES)[number]

export const TEN_MB_MESSAGE = 'x'.repeat(10 * 1024 * 1024)

export interface FaultSizing {
  /** How late 'delay past timeout' answers (past the headers timeout). */
  delayMs: number
  /** 'slow drip' sends one byte of a valid answer this often. */
  dripEveryMs: number
  /** The correct answer 'delay past timeout' finally sends. */
  healthy: Behaviour
}

/** Sends a valid-looking answer one byte at a time: never finishes within a body timeout. */
export function slowDrip(everyMs: number): Behaviour {
  return (_req, res) => {
    const body = '{"success":true,"message":"Found.","data":{"price":1}}'
    res.writeHead(200, { 'content-type': 'application/json' })
    let sent = 0
    const timer = setInterval(() => {
      if (sent >= body.length) {
        clearInterval(timer)
        res.end()
        return
      }
      res.write(body[sent])
      sent += 1
    }, everyMs)
    res.on('close', () => clearInterval(timer))
  }
}

export function faultBehaviours(sizing: FaultSizing): Record<FaultName, Behaviour> {
  return {
    'delay past timeout': delayed(sizing.delayMs, sizing.healthy),
    hang: hang(),
    'connection reset': reset(),
    '500': json(500, { success: false, message: 'Internal error' }),
    '503 with Retry-After': json(
      503,
      { success: false, message: 'Maintenance' },
      { 'retry-after': '1' }
    ),
    '429': json(429, { success: false, message: 'Slow down' }, { 'retry-after': '1' }),
    'HTML error page': htmlPage(502),
    'malformed JSON': text(200, '{"success":true,"data":{"price":', 'application/json'),
    'wrong envelope': json(200, { ok: true, result: { price: 'a lot' } }),
    'success:false with 200': json(200, {
      success: false,
      message: 'Quota exceeded for this plan'
    }),
    // Streamed (chunked, no length declared).
    '10 MB body': text(
      200,
      JSON.stringify({ success: true, message: TEN_MB_MESSAGE }),
      'application/json'
    ),
    'slow drip': slowDrip(sizing.dripEveryMs)
  }
}

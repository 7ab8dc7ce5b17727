/**
 * A fault-injecting service on 127.0.0.1 for the UI fault journeys: healthy, it forwards every
 * request to a real embedded service; with a fault set, it answers with that fault instead.
 */
import type { ServerResponse } from 'node:http'
import { startService } from '../../src/service'
import type { RunningService } from '../../src/service'
import {
  delayed,
  hang,
  htmlPage,
  json,
  reset,
  startFaultServer,
  text
} from '../../src/main/client/test/fault-server'
import type { Behaviour, FaultServer, Hit } from '../../src/main/client/test/fault-server'

export interface FaultProxy {
  origin: string
  apiKey: string
  /** Requests that reached the proxy so far. */
  readonly hits: number
  /** Answers every request with this fault from now on; undefined: healthy again. */
  setFault(name: UiFaultName | undefined): void
  close(): Promise<void>
}

export interface UiFault {
  name: string
  behaviour: Behaviour
}

/** Timeouts the faults are sized against (set in the app's settings by the spec). */
export const FAULT_TIMEOUTS = { connectMs: 1_000, headersMs: 1_500, bodyMs: 1_500 }

const TEN_MB_BODY = `{"success":true,"message":"${'x'.repeat(10 * 1024 * 1024)}","data":{}}`

/** Sends a valid-looking answer one byte every 300 ms: never finishes within bodyMs. */
const slowDrip: Behaviour = (_req, res) => {
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
  }, 300)
  res.on('close', () => clearInterval(timer))
}

export const UI_FAULT_NAMES = [
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
export type UiFaultName = (typeof UI_FAULT_NAMES)[number]

/** The faults, in UI_FAULT_NAMES order; `healthy` answers correctly (used late, for the delay). */
function uiFaults(healthy: Behaviour): UiFault[] {
  return [
    { name: 'delay past timeout', behaviour: delayed(FAULT_TIMEOUTS.headersMs + 2_000, healthy) },
    { name: 'hang', behaviour: hang() },
    { name: 'connection reset', behaviour: reset() },
    { name: '500', behaviour: json(500, { success: false, message: 'Internal error' }) },
    {
      name: '503 with Retry-After',
      behaviour: json(503, { success: false, message: 'Maintenance' }, { 'retry-after': '1' })
    },
    {
      name: '429',
      behaviour: json(429, { success: false, message: 'Slow down' }, { 'retry-after': '1' })
    },
    { name: 'HTML error page', behaviour: htmlPage(502) },
    {
      name: 'malformed JSON',
      behaviour: text(200, '{"success":true,"data":{"price":', 'application/json')
    },
    {
      name: 'wrong envelope',
      behaviour: json(200, { ok: true, result: { price: 'a lot' } })
    },
    {
      name: 'success:false with 200',
      behaviour: json(200, { success: false, message: 'Quota exceeded for this plan' })
    },
    { name: '10 MB body', behaviour: text(200, TEN_MB_BODY, 'application/json') },
    { name: 'slow drip', behaviour: slowDrip }
  ]
}

function forwardTo(service: RunningService): Behaviour {
  return (_req, res: ServerResponse, hit: Hit) => {
    const apiKey = hit.headers['api-key']
    const query = hit.rawQuery ? `?${hit.rawQuery}` : ''
    fetch(`${service.baseUrl}${hit.path}${query}`, {
      headers: typeof apiKey === 'string' ? { 'api-key': apiKey } : {}
    })
      .then(async (answer) => {
        const body = await answer.text()
        res.writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'application/json'
        })
        res.end(body)
      })
      .catch(() => res.destroy())
  }
}

export async function startFaultProxy(apiKey: string): Promise<FaultProxy> {
  const service = await startService({ apiKey })
  const server: FaultServer = await startFaultServer()
  const healthy = forwardTo(service)
  const faults = new Map(uiFaults(healthy).map((fault) => [fault.name, fault.behaviour]))
  server.setDefault(healthy)
  return {
    origin: server.origin,
    apiKey,
    get hits() {
      return server.hits.length
    },
    setFault: (name) => server.setDefault((name && faults.get(name)) || healthy),
    close: async () => {
      await server.close()
      await service.close()
    }
  }
}

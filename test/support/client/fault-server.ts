/**
 * A scripted HTTP server on 127.0.0.1 for client tests: each request takes the next queued
 * behaviour (or the default) and every request is recorded, with the peak concurrency.
 */
import { createServer } from 'node:http'
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { listenOnLoopback } from '../net/loopback'

export interface Hit {
  method: string
  /** Path without the query string. */
  path: string
  /** Raw query string without `?` ('' when none). */
  rawQuery: string
  query: Record<string, string>
  headers: IncomingHttpHeaders
  body: string
}

export type Behaviour = (req: IncomingMessage, res: ServerResponse, hit: Hit) => void

export interface FaultServer {
  /** `http://127.0.0.1:<port>` */
  origin: string
  hits: Hit[]
  readonly maxConcurrent: number
  queue(...behaviours: Behaviour[]): void
  setDefault(behaviour: Behaviour): void
  close(): Promise<void>
}

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Behaviour =>
  (_req, res) => {
    const text = JSON.stringify(body)
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headers
    })
    res.end(text)
  }

export const envelope = (data: unknown, extra: Record<string, unknown> = {}): Behaviour =>
  json(200, { success: true, message: 'Found.', data, ...extra })

export const errorEnvelope = (status: number, message: string, code?: string): Behaviour =>
  json(status, { success: false, message, ...(code ? { error: { code } } : {}) })

export const text =
  (status: number, body: string, contentType = 'text/html; charset=utf-8'): Behaviour =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': contentType })
    res.end(body)
  }

export const htmlPage = (status: number, title = 'Bad Gateway'): Behaviour =>
  text(
    status,
    `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`
  )

/** Never answers: no status line, no headers. */
export const hang = (): Behaviour => () => undefined

/** Sends headers and the start of a body, then stalls forever. */
export const stallBody = (): Behaviour => (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.write('{"success":true,')
}

/** Destroys the connection without answering (ECONNRESET / socket hang up on the client). */
export const reset = (): Behaviour => (req) => {
  req.socket.destroy()
}

/** Declares a huge content-length, sends a little and stalls: only an early check can end it. */
export const declaredHuge =
  (bytes: number): Behaviour =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes })
    res.write('{"success":true,"message":"')
  }

/** Chunked (no content-length) body that never ends until the client goes away. */
export const endlessChunks = (): Behaviour => (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.write('{"success":true,"message":"')
  const chunk = 'x'.repeat(1024)
  const timer = setInterval(() => res.write(chunk), 2)
  res.on('close', () => clearInterval(timer))
}

/**
 * Sends `103 Early Hints` every `everyMs` and never a final answer: each 1xx restarts undici's
 * headers timeout, so only a deadline the client owns ends the request. `closed` resolves once
 * the client has dropped the connection.
 */
export const earlyHintsForever =
  (everyMs: number, closed?: () => void): Behaviour =>
  (_req, res) => {
    const timer = setInterval(
      () => res.writeEarlyHints({ link: '</style.css>; rel=preload' }),
      everyMs
    )
    res.on('close', () => {
      clearInterval(timer)
      closed?.()
    })
  }

export const delayed =
  (ms: number, behaviour: Behaviour): Behaviour =>
  (req, res, hit) => {
    const timer = setTimeout(() => behaviour(req, res, hit), ms)
    res.on('close', () => clearTimeout(timer))
  }

/** Answers by calling `pick` with the request, e.g. to echo what it received. */
export const dynamic =
  (pick: (hit: Hit) => Behaviour): Behaviour =>
  (req, res, hit) =>
    pick(hit)(req, res, hit)

/** `data` answering the request it gets: the location, country and beds asked for echoed. */
export const echoing = (
  data: Record<string, unknown>,
  extra?: Record<string, unknown>
): Behaviour =>
  dynamic(({ query }) => {
    const asked = Object.entries(query).filter(([field]) =>
      ['location', 'country_code', 'beds'].includes(field)
    )
    return envelope({ ...data, ...Object.fromEntries(asked) }, extra)
  })

function headerText(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name]
  return Array.isArray(value) ? value.join(',') : (value ?? '')
}

/** Echoes the API-KEY it received in a header and in the body, in the given form. */
export const echoKey =
  (status: number, form: 'json' | 'html'): Behaviour =>
  (req, res, hit) => {
    const key = headerText(hit.headers, 'api-key')
    res.setHeader('x-echo-api-key', key)
    const body =
      form === 'json'
        ? json(status, {
            success: false,
            message: `Invalid API key ${key} for ${req.url ?? ''}`,
            error: { code: 'INVALID_API_KEY', details: { key } }
          })
        : text(status, `<html><body><pre>key=${key}</pre></body></html>`)
    body(req, res, hit)
  }

export async function startFaultServer(): Promise<FaultServer> {
  const hits: Hit[] = []
  const pending: Behaviour[] = []
  let fallback: Behaviour = envelope({ sector: 'residential', locations: [] })
  let active = 0
  let maxConcurrent = 0

  const server = createServer((req, res) => {
    active += 1
    maxConcurrent = Math.max(maxConcurrent, active)
    res.on('close', () => {
      active -= 1
    })
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const hit: Hit = {
        method: req.method ?? '',
        path: url.pathname,
        rawQuery: url.search.replace(/^\?/, ''),
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8')
      }
      hits.push(hit)
      const behaviour = pending.shift() ?? fallback
      behaviour(req, res, hit)
    })
  })
  const { origin, close } = await listenOnLoopback(server)
  return {
    origin,
    hits,
    get maxConcurrent() {
      return maxConcurrent
    },
    queue: (...behaviours) => pending.push(...behaviours),
    setDefault: (behaviour) => {
      fallback = behaviour
    },
    close
  }
}

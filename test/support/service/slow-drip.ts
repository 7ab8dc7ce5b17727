/**
 * Slowloris on loopback: connections that send a request line, then one header line at a time
 * and never the end of the headers, holding a server's connection slots. And an ordinary request
 * from another loopback address (Linux answers all of 127.0.0.0/8), as a second client would be.
 * Every connection is bounded in time.
 */
import { request } from 'node:http'
import { connect } from 'node:net'

export interface DripEnd {
  /** Milliseconds from connecting to the server closing the connection (or the test giving up). */
  afterMs: number
  /** The status the server answered before closing (408), 0 when it closed without a word. */
  status: number
  /** False when the connection was still open when `giveUpMs` passed. */
  closedByServer: boolean
}

/** One dripping connection; resolves when the server closes it, or after `giveUpMs`. */
export function drip(
  port: number,
  options: { everyMs: number; giveUpMs: number; localAddress?: string }
): Promise<DripEnd> {
  return new Promise((resolve) => {
    const started = performance.now()
    const socket = connect({ port, host: '127.0.0.1', localAddress: options.localAddress })
    let reply = ''
    let line = 0
    const timer = setInterval(() => {
      line += 1
      if (socket.writable) socket.write(`X-Drip-${line}: ${'a'.repeat(8)}\r\n`)
    }, options.everyMs)
    const finish = (closedByServer: boolean) => {
      clearInterval(timer)
      clearTimeout(giveUp)
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(reply)?.[1] ?? 0)
      resolve({ afterMs: performance.now() - started, status, closedByServer })
    }
    const giveUp = setTimeout(() => {
      socket.destroy()
      finish(false)
    }, options.giveUpMs)
    socket.on('connect', () => socket.write('GET /locations?sector=land HTTP/1.1\r\nHost: x\r\n'))
    socket.on('data', (chunk: Buffer) => {
      if (reply.length < 4_096) reply += chunk.toString('latin1')
    })
    socket.on('error', () => undefined)
    socket.on('close', () => {
      if (socket.destroyed && performance.now() - started < options.giveUpMs) finish(true)
    })
  })
}

/** An ordinary GET with the key, from `localAddress`; its status, or 0 when it failed. */
export function getFrom(
  port: number,
  path: string,
  key: string,
  localAddress: string,
  timeoutMs = 5_000
): Promise<number> {
  return new Promise((resolve) => {
    const call = request(
      {
        host: '127.0.0.1',
        port,
        path,
        localAddress,
        headers: { 'api-key': key, connection: 'close' },
        timeout: timeoutMs
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      }
    )
    call.on('timeout', () => call.destroy())
    call.on('error', () => resolve(0))
    call.end()
  })
}

/**
 * HTTP/1.1 over a bare TCP socket, for requests no HTTP client will send (oversized request lines,
 * broken framing, unknown methods, stalled headers). Every exchange is bounded in time and bytes.
 */
import { connect } from 'node:net'

export interface RawReply {
  /** 0 when the server closed the connection without answering. */
  status: number
  headers: Record<string, string>
  body: string
  /** How the exchange ended: the server closed, reset, or the wait ran out. */
  ended: 'closed' | 'reset' | 'waited out'
}

const MAX_REPLY_BYTES = 1024 * 1024

export function parseRawReply(text: string, ended: RawReply['ended']): RawReply {
  const split = text.indexOf('\r\n\r\n')
  if (split < 0) return { status: 0, headers: {}, body: text, ended }
  const [statusLine = '', ...headerLines] = text.slice(0, split).split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of headerLines) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0)
  return { status, headers, body: text.slice(split + 4), ended }
}

/**
 * Sends `chunks` (each written as it is, in order) and reads until the server closes the
 * connection or `waitMs` passes. Send `Connection: close` so a server that answers also closes.
 */
export function rawExchange(
  port: number,
  chunks: readonly (string | Buffer)[],
  waitMs = 10_000
): Promise<RawReply> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    const received: Buffer[] = []
    let size = 0
    let ended: RawReply['ended'] = 'closed'
    const finish = (): void => {
      clearTimeout(timer)
      resolve(parseRawReply(Buffer.concat(received).toString('utf8'), ended))
    }
    const timer = setTimeout(() => {
      ended = 'waited out'
      socket.destroy()
    }, waitMs)
    socket.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_REPLY_BYTES) received.push(chunk)
      else socket.destroy()
    })
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') ended = 'reset'
    })
    socket.on('close', finish)
    // The server may answer and close before every chunk is written (an oversized header).
    socket.on('connect', () => {
      for (const chunk of chunks) if (!socket.destroyed) socket.write(chunk)
    })
  })
}

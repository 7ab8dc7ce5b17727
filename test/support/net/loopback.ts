/**
 * Servers on 127.0.0.1 for tests and benches: listen on a port the system picks, close with every
 * connection ended; a port nothing listens on; a TCP server that never says a word.
 */
import { connect, createServer } from 'node:net'
import type { Server, Socket } from 'node:net'

export interface OnLoopback {
  port: number
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** Ends every open connection, then stops listening. */
  close(): Promise<void>
}

/** Starts `server` (node:http or node:net) on an unused port of 127.0.0.1. */
export async function listenOnLoopback(server: Server): Promise<OnLoopback> {
  const sockets = new Set<Socket>()
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no loopback address')
  return {
    port: address.port,
    origin: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
}

/** A port on 127.0.0.1 that nothing listens on (connections are refused). */
export async function unusedPort(): Promise<number> {
  const { port, close } = await listenOnLoopback(createServer())
  await close()
  return port
}

/**
 * Accepts TCP connections and never says a word (an HTTP request to it never gets an answer, a TLS
 * handshake never completes); `onConnection` is told of each one.
 */
export function startSilentTcpServer(onConnection: () => void = () => undefined) {
  return listenOnLoopback(createServer(onConnection))
}

/** Whether something accepts TCP connections on the loopback port. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

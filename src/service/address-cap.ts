/** Connections per client address: one client cannot hold every slot of the server. */
import type { Server } from 'node:http'
import type { Socket } from 'node:net'

/** Closes a connection at once when its address already holds `cap` open ones. */
export function capConnectionsPerAddress(server: Server, cap: number): void {
  const open = new Map<string, number>()
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? ''
    const count = (open.get(address) ?? 0) + 1
    if (count > cap) {
      socket.destroy()
      return
    }
    open.set(address, count)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left > 0) open.set(address, left)
      else open.delete(address)
    })
  })
}

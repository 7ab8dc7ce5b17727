/**
 * The embedded service in its own process for the load test, so the load generator does not share
 * its event loop. Started with --expose-gc; answers 'memory' messages with its usage after a GC.
 */
import { startService } from '../../src/service'

const service = await startService({ apiKey: process.env['LOAD_KEY'] ?? 'load-key' })
const send = (message: unknown): void => {
  process.send?.(message)
}
send({ type: 'ready', baseUrl: service.baseUrl })
process.on('message', (message) => {
  if (message !== 'memory') return
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  gc?.()
  send({ type: 'memory', usage: process.memoryUsage(), gc: Boolean(gc) })
})
process.on('disconnect', () => {
  void service.close().finally(() => process.exit(0))
})

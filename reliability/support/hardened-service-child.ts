/**
 * The embedded service on a synthetic dataset in its own process, for the service-hardening
 * checks: started with a constrained heap and --expose-gc; its answer cache is observable.
 * Sends 'ready' with its base URL and distinct valid small-answer paths; answers 'memory' messages
 * with its heap after a GC and the cache's entries and bytes.
 */
import { loadDataset, startService } from '../../src/service'
import { createAnswerCache } from '../../src/service/answer-cache'
import { generateSyntheticDataset } from '../../src/service/data/generate'

const locations = Number(process.env['HARDENING_LOCATIONS'] ?? 50_000)
const pathLimit = Number(process.env['HARDENING_PATHS'] ?? 10_000)
const dataset = loadDataset(generateSyntheticDataset(locations), `synthetic ${locations}`)
const cache = createAnswerCache()
const service = await startService({
  apiKey: process.env['HARDENING_KEY'] ?? 'hardening-key',
  dataset,
  answerCache: cache
})

function smallAnswerPaths(): string[] {
  const paths: string[] = []
  for (const entry of dataset.residentialByKey.values()) {
    const place = `location=${entry.slug}&country_code=${entry.country_code}`
    for (const type of ['rent', 'sale'] as const) {
      for (const beds of Object.keys(entry.prices[type])) {
        paths.push(`/residential-prices?${place}&type=${type}&beds=${beds}`)
        if (paths.length >= pathLimit) return paths
      }
    }
  }
  return paths
}

const send = (message: unknown): void => {
  process.send?.(message)
}
send({
  type: 'ready',
  baseUrl: service.baseUrl,
  locations: dataset.residentialByKey.size + dataset.landByKey.size,
  paths: smallAnswerPaths()
})
process.on('message', (message) => {
  if (message !== 'memory') return
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  gc?.()
  send({ type: 'memory', usage: process.memoryUsage(), cache: cache.stats(), gc: Boolean(gc) })
})
process.on('disconnect', () => {
  void service.close().finally(() => process.exit(0))
})

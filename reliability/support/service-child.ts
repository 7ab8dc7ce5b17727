/**
 * The embedded service in its own process, so a load generator does not share its event loop:
 * the bundled dataset, or SERVICE_CHILD_LOCATIONS synthetic locations. Sends 'ready' with its base
 * URL and up to SERVICE_CHILD_PATHS distinct valid small-answer paths; answers 'memory' messages
 * with its heap after a GC (started with --expose-gc) and its answer cache's figures.
 */
import { bundledDatasetLoaded, loadDataset, startService } from '../../src/service'
import { createAnswerCache } from '../../src/service/answer-cache'
import { generateSyntheticDataset } from '../../src/service/data/generate'

const locations = Number(process.env['SERVICE_CHILD_LOCATIONS'] ?? 0)
const pathLimit = Number(process.env['SERVICE_CHILD_PATHS'] ?? 0)
const dataset =
  locations > 0
    ? loadDataset(generateSyntheticDataset(locations), `synthetic ${locations}`)
    : bundledDatasetLoaded()
const cache = createAnswerCache()
const service = await startService({
  apiKey: process.env['SERVICE_CHILD_KEY'] ?? 'service-child-key',
  dataset,
  answerCache: cache
})

function smallAnswerPaths(): string[] {
  const paths: string[] = []
  for (const entry of dataset.residentialByKey.values()) {
    const place = `location=${entry.slug}&country_code=${entry.country_code}`
    for (const type of ['rent', 'sale'] as const) {
      for (const beds of Object.keys(entry.prices[type])) {
        if (paths.length >= pathLimit) return paths
        paths.push(`/residential-prices?${place}&type=${type}&beds=${beds}`)
      }
    }
  }
  return paths
}

const send = (message: unknown): void => {
  process.send?.(message)
}
send({ type: 'ready', baseUrl: service.baseUrl, paths: smallAnswerPaths() })
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

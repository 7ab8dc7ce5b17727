/**
 * Main's side of the batch-heap check (issue 28 finding 1), in its own process so only main's
 * work counts: the app core pointed at the service in BATCH_HEAP_URL runs one 600-item batch,
 * each progress event serialised as Electron's IPC would (v8 structured clone) and dropped, while
 * process.memoryUsage() is sampled. Answers the parent with the peak and each item's outcome.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serialize } from 'node:v8'
import type { LookupRequest } from '@shared/contract'
import { MAX_BATCH_ITEMS } from '@shared/contract'
import { createAppCore } from '../../src/main/core/app-core'
import { createMemoryVault } from '../../src/main/vault/key-vault'

export interface BatchHeapReport {
  baselineHeapUsed: number
  peakHeapUsed: number
  peakRss: number
  samples: number
  /** Error code (or 'ok') per item, from the progress events. */
  outcomes: Record<string, number>
  items: number
  events: number
  /** Bytes of the serialised progress events: what would cross to the window. */
  eventBytes: number
  ms: number
}

const baseUrl = process.env['BATCH_HEAP_URL'] ?? ''
const key = process.env['BATCH_HEAP_KEY'] ?? ''

function items(): LookupRequest[] {
  return Array.from({ length: MAX_BATCH_ITEMS }, (_, index): LookupRequest => {
    const location = `place-${index}`
    if (index % 3 === 0) {
      return { kind: 'residentialPrice', location, countryCode: 'NG', type: 'sale', beds: '3' }
    }
    if (index % 3 === 1) return { kind: 'growth', location, countryCode: 'NG', sector: 'land' }
    return { kind: 'landPrice', location, countryCode: 'NG' }
  })
}

const dir = mkdtempSync(join(tmpdir(), 'batch-heap-'))
const outcomes: Record<string, number> = {}
let peakHeapUsed = 0
let peakRss = 0
let samples = 0
let events = 0
let eventBytes = 0
const sample = (): void => {
  const usage = process.memoryUsage()
  peakHeapUsed = Math.max(peakHeapUsed, usage.heapUsed)
  peakRss = Math.max(peakRss, usage.rss)
  samples += 1
}
const core = createAppCore({
  userDataDir: dir,
  vault: createMemoryVault(),
  emitBatchProgress: (event) => {
    sample()
    events += 1
    eventBytes += serialize(event).length
    for (const item of event.items ?? []) {
      const outcome = item.result.ok ? 'ok' : item.result.error.code
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
    }
  }
})
try {
  await core.handlers.setApiKey({ key, persistence: 'session' })
  await core.handlers.updateSettings({ connectionMode: 'remote', baseUrl })
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  const baselineHeapUsed = process.memoryUsage().heapUsed
  const timer = setInterval(sample, 5)
  const started = performance.now()
  const reply = await core.handlers.batchLookup({ batchId: 'heap', items: items() })
  const ms = performance.now() - started
  clearInterval(timer)
  sample()
  if (!reply.ok) throw new Error(`batch failed: ${reply.error.code} ${reply.error.message}`)
  const report: BatchHeapReport = {
    baselineHeapUsed,
    peakHeapUsed,
    peakRss,
    samples,
    outcomes,
    items: MAX_BATCH_ITEMS,
    events,
    eventBytes,
    ms
  }
  process.send?.(report)
} finally {
  await core.dispose()
  rmSync(dir, { recursive: true, force: true })
  process.disconnect?.()
}

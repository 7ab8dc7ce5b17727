/**
 * Location search per keystroke, as the picker runs it (src/renderer/src/lib/location-search.ts:
 * precomputed index, narrowing while the query grows, a full scan when it shrinks, ranking, and
 * the one-typo search over the index's words, built before typing as the picker does), over 1k,
 * 10k and 50k locations named after the bundled neighbourhoods. Every keystroke of typing a query
 * and deleting it again is timed. Runs in Node's V8, the engine Chromium uses.
 */
import { slugify } from '../src/service/data/generate'
import { COUNTRIES, NEIGHBOURHOODS } from '../src/service/data/source'
import { buildLocationIndex, createLocationSearch } from '../src/renderer/src/lib/location-search'
import type { Location } from '@shared/spec'
import type { BenchRow } from './lib/rows'
import { median, percentile } from './lib/stats'

const QUERIES = ['lekki phase 1', 'east legon', 'nairobi', 'westlands 12', 'ng', 'zz top', 'yabba']

export function syntheticLocations(count: number): Location[] {
  return Array.from({ length: count }, (_unused, index) => {
    const base = NEIGHBOURHOODS[index % NEIGHBOURHOODS.length]
    if (!base) throw new Error('no neighbourhoods')
    const round = Math.floor(index / NEIGHBOURHOODS.length)
    const name = round === 0 ? base.name : `${base.name} ${round + 1}`
    return {
      name,
      slug: slugify(name),
      city: base.city,
      country: COUNTRIES[base.countryCode]?.name ?? base.countryCode,
      country_code: base.countryCode
    }
  })
}

/** Milliseconds per keystroke for typing each query and deleting it, `repeats` times. */
export function keystrokeTimes(locations: readonly Location[], repeats: number): number[] {
  const index = buildLocationIndex(locations)
  index.typos.prepare()
  const times: number[] = []
  let matches = 0
  for (let repeat = 0; repeat < repeats; repeat += 1) {
    for (const query of QUERIES) {
      const search = createLocationSearch(index)
      const typed = [...query].map((_char, end) => query.slice(0, end + 1))
      for (const text of [...typed, ...typed.slice(0, -1).reverse(), '']) {
        const started = performance.now()
        matches += search(text).length
        times.push(performance.now() - started)
      }
    }
  }
  if (matches === 0) throw new Error('no query matched anything')
  return times
}

export function benchSearch(sizes: readonly number[], repeats: number): BenchRow[] {
  return sizes.map((size) => {
    const times = keystrokeTimes(syntheticLocations(size), repeats)
    const p50 = median(times)
    const p95 = percentile(times, 0.95)
    const headline = size === 50_000
    return {
      benchmark: headline
        ? 'location search per keystroke, 50,000 locations'
        : `growth: search per keystroke at ${size.toLocaleString('en-US')}`,
      measured: `${times.length} keystrokes (typing and deleting ${QUERIES.length} queries ×${repeats}) over ${size.toLocaleString('en-US')} locations; absolute`,
      ours: p50,
      unit: 'ms',
      target: 'median <= 4 ms, p95 <= 10 ms',
      met: p50 <= 4 && p95 <= 10,
      detail: `median ${p50.toFixed(3)} ms, p95 ${p95.toFixed(3)} ms, max ${Math.max(...times).toFixed(2)} ms`
    }
  })
}

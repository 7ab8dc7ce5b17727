// @vitest-environment jsdom
/**
 * Issue 28, measured in the renderer's own code under jsdom:
 * - export-text: chart exports of names from 10 to 20,000 characters, with and without control
 *   and bidi characters: measured a bounded number of times on short strings, and every SVG is
 *   well-formed XML with no control left in it.
 * - local-storage: writes that cannot be kept (a 5.2-million-character name, values over the
 *   per-entry bound, a storage refusing every write) on every store: the previous value stays on
 *   screen and on disk, and each is reported.
 */
import { afterAll, expect, it, vi } from 'vitest'
import { buildExportSvg } from '../src/renderer/src/components/chart-export'
import type { LocationRef } from '../src/renderer/src/lib/location-ref'
import { createAppStores, pushRecent } from '../src/renderer/src/stores/app-stores'
import type { AppStores } from '../src/renderer/src/stores/app-stores'
import { MAX_STORED_CHARS } from '../src/renderer/src/stores/persistent-store'
import type {
  PersistentStore,
  StoreWriteFailure
} from '../src/renderer/src/stores/persistent-store'
import { HIDDEN_CONTROLS } from '../test/support/shared/hostile-text'
import type { ReliabilityRow } from './lib/results'
import { recordRows, rowFromChecks } from './lib/results'

const GROUP = 'hostile-edges-renderer'
const AREA = 'Hostile edges in the renderer (issue 28: drawn text, local storage)'
const rows: ReliabilityRow[] = []
afterAll(async () => {
  if (rows.length > 0) await recordRows(GROUP, rows)
})

/** Lengths of the strings measured since the last reset. */
let measured: number[] = []
Object.assign(globalThis, {
  OffscreenCanvas: class {
    getContext() {
      return {
        font: '',
        measureText: (text: string) => {
          measured.push(text.length)
          return { width: text.length * 6 }
        }
      }
    }
  }
})

function chartWith(text: string): SVGSVGElement {
  const chart = document.createElementNS('http://www.w3.org/2000/svg', 'svg')
  chart.setAttribute('width', '640')
  chart.setAttribute('height', '320')
  const label = document.createElementNS('http://www.w3.org/2000/svg', 'text')
  label.textContent = text
  chart.append(label)
  return chart
}

it('export-text: names of any length and with any control export with few short measurements', () => {
  const failed: string[] = []
  let tried = 0
  let maxMeasures = 0
  let longestMeasured = 0
  // eslint-disable-next-line no-control-regex -- what must not be left in the SVG
  const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/
  const lengths = [10, 100, 1_000, 4_000, 8_000, 20_000]
  for (const length of lengths) {
    for (const control of ['', '\u0001', ...HIDDEN_CONTROLS]) {
      tried += 1
      const name = `${control}${'Lekki Phase 1 '.repeat(Math.ceil(length / 14))}`.slice(0, length)
      measured = []
      const { markup } = buildExportSvg(chartWith(name), {
        title: name,
        context: `${name} · Residential · Sale · 3 bed`,
        legend: [{ label: name, color: '#123456' }],
        background: '#ffffff',
        textColor: '#111111'
      })
      // Three fitted lines (title, context, legend label), each at most 2 + log2(length).
      const bound = 3 * (2 + Math.ceil(Math.log2(length + 1)))
      maxMeasures = Math.max(maxMeasures, measured.length)
      longestMeasured = Math.max(longestMeasured, ...measured)
      const parsed = new DOMParser().parseFromString(markup, 'image/svg+xml')
      const problem =
        measured.length > bound
          ? `${measured.length} measurements (bound ${bound})`
          : Math.max(...measured) > 1_000
            ? `measured ${Math.max(...measured)} characters`
            : CONTROL.test(markup)
              ? `control ${JSON.stringify(control)} left in the SVG`
              : parsed.querySelector('parsererror')
                ? 'not well-formed XML'
                : undefined
      if (problem && failed.length < 3)
        failed.push(`${length} chars ${JSON.stringify(control)}: ${problem}`)
    }
  }
  const passed = tried - failed.length
  const row = rowFromChecks(
    {
      id: 'export-text',
      area: AREA,
      case: `names of ${lengths.join(', ')} characters, plain and with each of ${HIDDEN_CONTROLS.length + 1} control or bidi characters, as title, context, legend and chart text`,
      tried,
      passed,
      outcome: `at most ${maxMeasures} measurements per export, none longer than ${longestMeasured} characters; every SVG well-formed with no control left (each shown as U+FFFD)`
    },
    failed
  )
  rows.push(row)
  expect(row.lost).toBe('nothing')
})

const ref = (slug: string, name = slug): LocationRef => ({
  sector: 'residential',
  slug,
  countryCode: 'NG',
  name,
  city: 'Lagos',
  country: 'Nigeria'
})

it('local-storage: a write that cannot be kept leaves screen and disk as they were, and says so', () => {
  const failed: string[] = []
  let tried = 0
  const check = (ok: boolean, problem: string) => {
    tried += 1
    if (!ok && failed.length < 3) failed.push(problem)
  }
  window.localStorage.clear()
  const stores = createAppStores(window.localStorage)
  const reports: StoreWriteFailure[] = []
  stores.onWriteFailed((failure) => reports.push(failure))
  const lists = ['saved', 'recent', 'compare'] as const
  for (const name of lists) stores[name].set([ref('ikoyi')])

  /** Tries `next` on `store`: it must be refused, with screen and disk unchanged and one report. */
  const refused = <T>(store: PersistentStore<T>, key: string, next: T, why: string) => {
    const before = { shown: store.get(), disk: window.localStorage.getItem(key) }
    const reported = reports.length
    store.set(next)
    const kept = store.get() === before.shown && window.localStorage.getItem(key) === before.disk
    check(kept && reports.length === reported + 1, `${key} ${why}: not kept as it was`)
  }
  const huge = ref('lekki', 'L'.repeat(5_200_000))
  for (const name of lists) {
    refused(stores[name], `me.${name}`, pushRecent(stores[name].get(), huge), '5.2M name')
    const over = ref('yaba', 'Y'.repeat(MAX_STORED_CHARS))
    refused(stores[name], `me.${name}`, [over], 'over the bound')
  }
  refused(
    stores.compareColors,
    'me.compareColors',
    { ['x'.repeat(MAX_STORED_CHARS)]: 0 },
    'over the bound'
  )
  // After every refusal, an ordinary change still goes to disk.
  for (const name of lists) {
    stores[name].set((list) => pushRecent(list, ref('maitama')))
    const disk = JSON.parse(window.localStorage.getItem(`me.${name}`) ?? '[]') as LocationRef[]
    check(disk[0]?.slug === 'maitama', `${name}: the next change was not written`)
  }
  const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new DOMException('full', 'QuotaExceededError')
  })
  try {
    const every = Object.entries<unknown>(stores).filter(
      (entry): entry is [string, PersistentStore<unknown>] => typeof entry[1] === 'object'
    )
    for (const [name, store] of every) {
      const current = store.get()
      const next = Array.isArray(current) ? [...(current as unknown[])] : structuredClone(current)
      refused(store, `me.${name}`, next, 'quota')
    }
  } finally {
    setItem.mockRestore()
  }
  window.localStorage.setItem('me.recent', JSON.stringify([ref('lekki', 'L'.repeat(2_000_000))]))
  const reloaded: AppStores = createAppStores(window.localStorage)
  check(
    reloaded.recent.get().length === 0 && window.localStorage.getItem('me.recent') === null,
    'an oversized entry from an older version was not dropped'
  )
  const passed = tried - failed.length
  const row = rowFromChecks(
    {
      id: 'local-storage',
      area: AREA,
      case: `saved, recent and compare given a 5.2-million-character name and a value over ${MAX_STORED_CHARS} characters, no-data memory over the bound, every store with a storage that refuses writes (QuotaExceededError), an oversized entry left by an older version`,
      tried,
      passed,
      outcome: `every refused change left screen and disk as they were and was reported (${reports.length} reports: ${[...new Set(reports.map((report) => report.reason))].join(', ')}); later changes written; the old oversized entry dropped on read`
    },
    failed
  )
  rows.push(row)
  expect(row.lost).toBe('nothing')
})

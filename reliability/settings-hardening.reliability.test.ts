/**
 * Settings and output hardening (issue 12, items 18, 19, 22, 27):
 * - a read-only settings folder: every change and key works in memory, one truthful notice, and a
 *   change costs no more than one on a healthy disk (ratio of medians, measured in the same run);
 * - whatever sits at settings.json (FIFO, symlink to /dev/zero, 200 MB file, symlinks): start-up
 *   answers (in a child bounded in time and memory), the entry is moved aside intact, told;
 * - generated hostile text through the app's CSV and the CLI's CSV, table, JSON and error lines;
 * - the CLI with an unusable temp folder: one-off commands succeed with no disk, no stack trace.
 */
import fc from 'fast-check'
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  unlinkSync,
  watch,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { createAppCore } from '../src/main/core/app-core'
import { createSettingsStore } from '../src/main/settings/settings-store'
import {
  asUnprivileged,
  makeWritableAgain,
  openStoreInChild,
  readOnlyFolderIn
} from '../test/support/settings/hostile-storage'
import { createSafeStorageVault } from '../src/main/vault/key-vault'
import type { SafeStorageLike } from '../src/main/vault/key-vault'
import { DEFAULT_SETTINGS } from '@shared/settings'
import { LocationSchema, TEXT_LIMITS } from '@shared/spec'
import type { Location } from '@shared/spec'
import {
  hasHiddenControl,
  hostileText,
  parseCsv,
  readsSafelyAs
} from '../test/support/shared/hostile-text'
import type { ReliabilityRow } from './lib/results'
import { recordRows } from './lib/results'
import {
  COMPARE_OPTIONS,
  compareInputsFrom,
  GROWTH_COLUMN,
  loadAppCsv,
  TEXT_COLUMNS
} from './support/app-csv'
import { runCliCaptured, runCliProcess } from '../test/support/cli/run-cli'
import { startHostileService } from './support/hostile-service'
import { darkFile, ENTRY_CASES, MIB } from './support/settings-entries'

const SEED = Number(process.env['RELIABILITY_SEED'] ?? Date.now() % 2 ** 31)
const KEY = 'sk-hardening-5c1e9a77SECRET'
const rows: ReliabilityRow[] = []
afterAll(() => recordRows('settings-hardening', rows))
const ONE_OFF_COMMANDS = [
  ['locations', '--sector', 'land', '--csv'],
  ['price', '--location', 'ikoyi', '--type', 'rent', '--beds', '3'],
  ['growth', '--location', 'ikoyi', '--sector', 'land', '--json'],
  ['land-price', '--location', 'karen:KE'],
  ['compare', '--locations', 'lekki-phase-1,ikoyi', '--beds', '2', '--csv']
]

const keychain: SafeStorageLike = {
  isEncryptionAvailable: () => true,
  encryptString: (text) => Buffer.from(`enc:${text}`),
  decryptString: (data) => data.toString().replace(/^enc:/, '')
}
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}
/** A row, recorded only after every check of its test held (a failed check throws first). */
const row = (
  id: string,
  area: string,
  name: string,
  tried: number,
  passed: number,
  outcome: string
) => rows.push({ id, area, case: name, tried, passed, lost: 'nothing', outcome })

it('a read-only settings folder: changes and keys work in memory, one notice, no stall', async () => {
  const UPDATES = 200
  const base = mkdtempSync(join(tmpdir(), 'market-hardening-ro-'))
  const healthyDir = join(base, 'healthy')
  mkdirSync(healthyDir)
  const folder = readOnlyFolderIn(base, { 'settings.json': darkFile })
  const vault: Parameters<typeof createAppCore>[0]['vault'] = (store) =>
    createSafeStorageVault({ safeStorage: keychain, store })
  const patch = (index: number) => ({ timeouts: { connectMs: 1_000 + index } })
  try {
    const healthy = createAppCore({ userDataDir: healthyDir, vault })
    const healthyMs: number[] = []
    for (let index = 0; index < UPDATES; index += 1) {
      const started = performance.now()
      const pending = healthy.handlers.updateSettings(patch(index))
      healthyMs.push(performance.now() - started)
      await pending
    }
    await healthy.dispose()

    // Every write happens synchronously inside the handler call, so as the unprivileged user.
    const core = asUnprivileged(() => createAppCore({ userDataDir: folder, vault }))
    const readOnlyMs: number[] = []
    let applied = 0
    for (let index = 0; index < UPDATES; index += 1) {
      const started = performance.now()
      const pending = asUnprivileged(() => core.handlers.updateSettings(patch(index)))
      readOnlyMs.push(performance.now() - started)
      const result = await pending
      if (result.ok && result.data.timeouts.connectMs === 1_000 + index) applied += 1
    }
    const session = await asUnprivileged(() =>
      core.handlers.setApiKey({ key: KEY, persistence: 'session' })
    )
    const persistent = await asUnprivileged(() =>
      core.handlers.setApiKey({ key: KEY, persistence: 'persistent' })
    )
    const status = await core.handlers.getConnectionStatus()
    await core.dispose()
    const notices = status.ok ? (status.data.notices ?? []) : []
    const unsaved = notices.filter((notice) => notice.includes(`could not be saved to ${folder}`))
    const ratio = median(readOnlyMs) / median(healthyMs)
    const slowest = Math.max(...readOnlyMs) / Math.max(...healthyMs)

    expect(applied).toBe(UPDATES)
    expect(session).toMatchObject({ ok: true, data: { hasKey: true, storage: 'session' } })
    expect(persistent).toMatchObject({ ok: true, data: { hasKey: true, storage: 'session' } })
    expect(unsaved).toHaveLength(1)
    expect(unsaved[0]).toMatch(/\(permission denied\), so changes last until you quit/)
    expect(notices.join(' ')).not.toMatch(/free space/i)
    expect(readFileSync(join(folder, 'settings.json'), 'utf8')).toBe(darkFile)
    // A change kept in memory costs no more than one saved to a healthy disk, typically; at worst
    // within one order of magnitude (a single GC pause shows there). Unfixed: a ~1 s write retry
    // loop per change, ratios in the hundreds.
    expect(ratio).toBeLessThanOrEqual(2)
    expect(slowest).toBeLessThanOrEqual(20)
    row(
      'read-only-folder',
      'Settings hardening (main)',
      `read-only folder: ${UPDATES} changes, a session key, a key to save`,
      UPDATES + 2,
      applied + 2,
      `all applied in memory; 1 notice: "${unsaved[0]?.slice(0, 90)}…"; median change ${ratio.toFixed(3)}x a healthy-disk change (bound 2), slowest ${slowest.toFixed(3)}x the slowest healthy one (bound 20)`
    )
  } finally {
    makeWritableAgain(folder)
    rmSync(base, { recursive: true, force: true })
  }
})

it('whatever sits at settings.json: start-up answers, the entry is moved aside intact, told', async () => {
  const outcomes: string[] = []
  for (const entry of ENTRY_CASES) {
    const directory = mkdtempSync(join(tmpdir(), 'market-hardening-entry-'))
    try {
      entry.make(join(directory, 'settings.json'), directory)
      const started = performance.now()
      const child = await openStoreInChild(directory, {
        timeoutMs: 30_000,
        update: { rentPeriod: 'month' }
      })
      const seconds = (performance.now() - started) / 1000
      const moved = readdirSync(directory).find((name) => name.includes('.corrupt-'))
      expect(child.answer, `${entry.name}: ${child.signal ?? child.exitCode}`).not.toBeNull()
      expect(child.answer?.settings).toEqual({ ...DEFAULT_SETTINGS, rentPeriod: 'month' })
      expect(child.answer?.notices.join(' ')).toMatch(entry.notice)
      expect(moved && entry.intact(join(directory, moved), directory)).toBe(true)
      expect(lstatSync(join(directory, 'settings.json')).isFile()).toBe(true)
      outcomes.push(`${entry.name}: ${seconds.toFixed(1)} s`)
    } finally {
      rmSync(directory, { recursive: true, force: true })
    }
  }

  const directory = mkdtempSync(join(tmpdir(), 'market-hardening-swap-'))
  try {
    const store = createSettingsStore({ directory })
    writeFileSync(join(directory, 'elsewhere.json'), darkFile)
    unlinkSync(join(directory, 'settings.json'))
    symlinkSync(join(directory, 'elsewhere.json'), join(directory, 'settings.json'))
    expect(store.update({ rentPeriod: 'month' }).ok).toBe(true)
    expect(readFileSync(join(directory, 'elsewhere.json'), 'utf8')).toBe(darkFile)
    expect(lstatSync(join(directory, 'settings.json')).isFile()).toBe(true)
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }

  // Start-up with the 200 MB file against start-up with a normal one, in-process, same run.
  const opens = { big: [] as number[], normal: [] as number[] }
  for (let round = 0; round < 5; round += 1) {
    for (const kind of ['big', 'normal'] as const) {
      const dir = mkdtempSync(join(tmpdir(), 'market-hardening-size-'))
      writeFileSync(join(dir, 'settings.json'), darkFile)
      if (kind === 'big') truncateSync(join(dir, 'settings.json'), 200 * MIB)
      const started = performance.now()
      createSettingsStore({ directory: dir })
      opens[kind].push(performance.now() - started)
      rmSync(dir, { recursive: true, force: true })
    }
  }
  const sizeRatio = median(opens.big) / median(opens.normal)
  // Moving a file aside and writing defaults vs reading one: the same order of work.
  expect(sizeRatio).toBeLessThan(10)
  row(
    'hostile-settings-entry',
    'Settings hardening (main)',
    'hostile settings.json at start-up (FIFO, symlink to /dev/zero, 200 MB, symlinks), then a change',
    // Every entry that reached its outcome, and the link swapped in later.
    outcomes.length + 1,
    outcomes.length + 1,
    `each answered, moved aside intact, told; a link swapped in later was replaced, its target untouched; child start-ups ${outcomes.join(', ')}; 200 MB start-up ${sizeRatio.toFixed(2)}x a normal one`
  )
})

const CELLS = 3_000
const sampleCells = (): string[] => fc.sample(hostileText, { numRuns: CELLS, seed: SEED })

it(`${CELLS.toLocaleString('en-US')} generated hostile cells through the app's CSV export`, async () => {
  const app = await loadAppCsv()
  const { inputs, originals } = compareInputsFrom(sampleCells(), app.locationFigures)
  const csv = app.buildCompareCsv(inputs, app.buildMetricRows(inputs, COMPARE_OPTIONS), {
    ...COMPARE_OPTIONS,
    bedsLabel: '3 bed'
  })
  const read = parseCsv(csv).slice(1)
  let tried = 0
  let passed = 0
  let numbersKept = 0
  originals.forEach((fields, index) => {
    fields.forEach((original, field) => {
      tried += 1
      if (readsSafelyAs(read[index]?.[TEXT_COLUMNS[field] ?? -1], original)) passed += 1
    })
    if (read[index]?.[GROWTH_COLUMN] === '-3.2') numbersKept += 1
  })
  expect(read).toHaveLength(inputs.length)
  expect(passed).toBe(tried)
  expect(numbersKept).toBe(inputs.length)
  row(
    'app-csv',
    'Output neutralisation',
    'app CSV export (compare): generated hostile text in 6 text columns',
    tried,
    passed,
    `no cell starts a formula or holds a control, text otherwise kept; growth -3.2 stays a number in ${numbersKept} rows; seed ${SEED}`
  )
})

it(`${CELLS.toLocaleString('en-US')} hostile cells from a service through the CLI's CSV, table and JSON, and error lines`, async () => {
  const service = await startHostileService()
  const run = (argv: string[]) =>
    runCliCaptured(['--base-url', service.baseUrl, ...argv], { MARKET_API_KEY: KEY })
  const tally = {
    csv: { tried: 0, passed: 0 },
    table: { tried: 0, passed: 0 },
    json: { tried: 0, passed: 0 },
    errors: { tried: 0, passed: 0 }
  }
  const count = (which: keyof typeof tally, ok: boolean) => {
    tally[which].tried += 1
    if (ok) tally[which].passed += 1
  }
  try {
    const cells = sampleCells()
    const PER_RUN = 500
    for (let start = 0; start < cells.length; start += PER_RUN) {
      const chunk = cells.slice(start, start + PER_RUN)
      const locations: Location[] = []
      for (let index = 0; index + 5 <= chunk.length; index += 5) {
        const [slug = '', name = '', city = '', country = '', code = ''] = chunk.slice(
          index,
          index + 5
        )
        // A country code longer than the client accepts would refuse the whole list.
        const country_code = code.slice(0, TEXT_LIMITS.code).replace(/[\ud800-\udbff]$/, '')
        locations.push({ slug, name, city, country, country_code })
      }
      const fieldsOf = (location: Location) => [
        location.slug,
        location.name,
        location.city,
        location.country,
        location.country_code
      ]
      service.serve({ locations })
      const csv = await run(['locations', '--sector', 'residential', '--csv'])
      const csvRows = parseCsv(csv.stdout).slice(1)
      const table = await run(['locations', '--sector', 'residential'])
      const lines = table.stdout.replace(/\n$/, '').split('\n').slice(2)
      const json = await run(['locations', '--sector', 'residential', '--json'])
      const jsonOk = !hasHiddenControl(json.stdout)
      const parsed = jsonOk ? (JSON.parse(json.stdout) as { locations: Location[] }).locations : []
      locations.forEach((location, index) => {
        const line = lines.length === locations.length ? lines[index] : undefined
        const parsedFields = parsed[index] ? fieldsOf(parsed[index]) : []
        // Names, cities and countries enter with their controls replaced (LocationSchema).
        const accepted = fieldsOf(LocationSchema.parse(location))
        fieldsOf(location).forEach((original, field) => {
          // A name with nothing to show is listed by its slug (LocationSchema).
          const listed = field === 1 && accepted[1] === location.slug ? location.slug : original
          count('csv', csv.code === 0 && readsSafelyAs(csvRows[index]?.[field], listed))
          count('table', table.code === 0 && line !== undefined && !hasHiddenControl(line))
          count('json', json.code === 0 && jsonOk && parsedFields[field] === accepted[field])
        })
      })
    }
    for (const message of cells.slice(0, 100)) {
      service.serve({ errorMessage: message })
      const failed = await run(['growth', '--location', 'ikoyi', '--sector', 'land'])
      const lines = failed.stderr.split('\n').filter((line) => line !== '')
      count(
        'errors',
        failed.code !== 0 &&
          lines.length === 1 &&
          lines[0]?.startsWith('error [') === true &&
          !hasHiddenControl(failed.stderr)
      )
    }
  } finally {
    await service.close()
  }
  for (const { tried, passed } of Object.values(tally)) expect(passed).toBe(tried)
  expect(tally.csv.tried).toBe(CELLS)
  const outcome = {
    csv: 'no cell starts a formula or holds a control, text otherwise kept',
    table: 'one line per row, no control (cursor moves, 8-bit CSI, bidi) in any line',
    json: 'every value as the client accepted it (names, cities, countries with controls replaced), the rest exact with controls written as \\u escapes',
    errors: 'one "error [CODE]: …" line, no control'
  }
  for (const [which, { tried, passed }] of Object.entries(tally)) {
    row(
      `cli-${which}`,
      'Output neutralisation',
      which === 'errors'
        ? 'CLI error lines quoting a hostile service message'
        : `CLI ${which === 'table' ? 'text table' : which.toUpperCase()} (locations from a hostile service)`,
      tried,
      passed,
      `${outcome[which as keyof typeof outcome]}; seed ${SEED}`
    )
  }
}, 180_000)

it('the CLI with an unusable temp folder: one-off commands answer, with no disk and no stack trace', async () => {
  const base = mkdtempSync(join(tmpdir(), 'market-hardening-cli-'))
  writeFileSync(join(base, 'plain-file'), 'not a folder')
  const unusable = join(base, 'plain-file', 'tmp')
  const watched = join(base, 'watched')
  mkdirSync(watched)
  try {
    const failures: string[] = []
    let runs = 0
    for (const argv of ONE_OFF_COMMANDS) {
      runs += 1
      const exited = await runCliProcess(argv, { env: { TMPDIR: unusable } })
      const stray = exited.stderr.split('\n').filter((line) => line && !line.startsWith('note:'))
      if (exited.code !== 0 || exited.stdout === '' || stray.length > 0) {
        failures.push(`${argv[0]}: exit ${exited.code} ${stray.join(' | ').slice(0, 200)}`)
      }
    }
    // In-process with a usable temp folder: not one file event there (no folder per run).
    const events: string[] = []
    const watcher = watch(watched, (event, name) => events.push(`${event} ${String(name)}`))
    const saved = process.env['TMPDIR']
    process.env['TMPDIR'] = watched
    try {
      for (const argv of ONE_OFF_COMMANDS) {
        runs += 1
        const { code } = await runCliCaptured(argv)
        if (code !== 0) failures.push(`in-process ${argv[0]}: exit ${code}`)
      }
      await new Promise((resolveWait) => setTimeout(resolveWait, 300))
    } finally {
      watcher.close()
      if (saved === undefined) delete process.env['TMPDIR']
      else process.env['TMPDIR'] = saved
    }
    expect(failures).toEqual([])
    expect(events).toEqual([])
    expect(readdirSync(watched)).toEqual([])
    row(
      'cli-unusable-tmp',
      'CLI start-up',
      `TMPDIR under a plain file: ${ONE_OFF_COMMANDS.length} one-off commands as processes (npm run cli), and in-process with a watched temp folder`,
      runs,
      runs - failures.length,
      'every command exit 0 with its output, no stack trace; 0 file events in the temp folder'
    )
  } finally {
    rmSync(base, { recursive: true, force: true })
  }
}, 240_000)

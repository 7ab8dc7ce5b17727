/** Lookups on the embedded demo service, asked the way the page asks: window.market over IPC. */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { randomBytes } from 'node:crypto'
import type { BatchProgressEvent } from '@shared/contract'
import type { Result } from '@shared/result'
import type { OpenWindow, WalkContext } from './context'
import { describe, until } from './report'

const failure = (result: Result<unknown>): unknown => (result.ok ? undefined : result.error)

export async function checkLookups(ctx: WalkContext, { market }: OpenWindow): Promise<void> {
  const { rec, config } = ctx
  rec.step('lookups')
  rec.check('getSettings answers', (await market.getSettings()).ok)
  rec.check('getConnectionStatus answers', (await market.getConnectionStatus()).ok)

  const residential = await market.listLocations({ sector: 'residential' })
  const homes = residential.ok ? residential.data.locations : []
  rec.check(
    'lists residential locations from the demo service',
    homes.length > 0,
    failure(residential)
  )
  rec.check(
    'says the figures are demo data',
    residential.ok && residential.meta?.source === 'demo',
    residential.ok ? residential.meta : undefined
  )
  const home = homes.find((location) => location.slug === 'lekki-phase-1') ?? homes[0]
  if (home) {
    const where = { location: home.slug, countryCode: home.country_code }
    const price = await market.getResidentialPrice({ ...where, type: 'sale', beds: '3' })
    rec.check('answers a residential price', price.ok && price.data.price > 0, failure(price))
    const growth = await market.getGrowth({
      ...where,
      sector: 'residential',
      type: 'sale',
      beds: '3'
    })
    rec.check('answers a growth figure', growth.ok, failure(growth))
  }

  const land = await market.listLocations({ sector: 'land' })
  const plot = land.ok ? land.data.locations[0] : undefined
  rec.check('lists land locations', plot !== undefined, failure(land))
  if (home && plot) {
    const landPrice = await market.getLandPrice({
      location: plot.slug,
      countryCode: plot.country_code
    })
    rec.check('answers a land price', landPrice.ok, failure(landPrice))
    const progress: BatchProgressEvent[] = []
    const stop = market.onBatchProgress((event) => progress.push(event))
    const batch = await market.batchLookup({
      batchId: 'smoke-batch',
      items: [
        {
          kind: 'residentialPrice',
          location: home.slug,
          countryCode: home.country_code,
          type: 'rent',
          beds: '3'
        },
        { kind: 'landPrice', location: plot.slug, countryCode: plot.country_code }
      ]
    })
    rec.check('answers a batch', batch.ok, failure(batch))
    try {
      await until(config.stepBoundMs, 'batch progress', () =>
        progress.some((event) => event.batchId === 'smoke-batch' && event.done === 2)
      )
      rec.check('streams the batch progress to the page', true)
    } catch (error) {
      rec.check('streams the batch progress to the page', false, {
        error: describe(error),
        progress
      })
    }
    stop()
  }
  await checkKeyStaysSecret(ctx, { market })
  await checkSaveFile(ctx, { market })
}

/** Text files under `folder` (settings, backups) that contain `secret`. */
function filesContaining(folder: string, secret: string): string[] {
  if (!existsSync(folder)) return []
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => join(folder, name))
    .filter((path) => {
      try {
        return readFileSync(path, 'latin1').includes(secret)
      } catch {
        return false
      }
    })
}

/** A saved key is encrypted on disk and appears in no output of the process. */
async function checkKeyStaysSecret(
  { rec, standIn }: WalkContext,
  { market }: Pick<OpenWindow, 'market'>
): Promise<void> {
  const key = `sk-smoke-${randomBytes(12).toString('hex')}`
  const leaks: string[] = []
  const watch = (stream: NodeJS.WriteStream) => {
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (String(chunk).includes(key)) leaks.push(stream === process.stdout ? 'stdout' : 'stderr')
      return write(chunk, ...rest)
    }) as typeof stream.write
    return () => {
      stream.write = write as typeof stream.write
    }
  }
  const unwatch = [watch(process.stdout), watch(process.stderr)]
  const saved = await market.setApiKey({ key, persistence: 'persistent' })
  rec.check('saves a key, encrypted', saved.ok && saved.data.storage === 'encrypted', saved)
  const status = await market.getKeyStatus()
  rec.check(
    'says a key is set, without giving it back',
    status.ok && status.data.hasKey && !JSON.stringify(status).includes(key)
  )
  const userData = standIn.app.getPath('userData')
  rec.check(
    'the key is not on disk as typed',
    filesContaining(userData, key).length === 0,
    filesContaining(userData, key)
  )
  rec.check('clears the key', (await market.clearApiKey()).ok)
  for (const stop of unwatch) stop()
  rec.check('the key is in no log line', leaks.length === 0, leaks)
}

/** Exports: the page hands over bytes, main shows the dialog and writes where the user chose. */
async function checkSaveFile(
  { rec, standIn, config }: WalkContext,
  { market }: Pick<OpenWindow, 'market'>
): Promise<void> {
  if (!market.saveFile) {
    rec.check('the desktop preload offers saveFile', false)
    return
  }
  const target = join(config.pathsRoot, 'exports', 'table.csv')
  mkdirSync(dirname(target), { recursive: true })
  standIn.system.chooseSavePath(target)
  const bytes = new TextEncoder().encode('location,price\nikoyi,1\n')
  const saved = await market.saveFile({ kind: 'csv', suggestedName: 'table.csv', bytes })
  rec.check(
    'saves an export where the dialog chose',
    saved.ok && saved.data.saved && existsSync(target),
    saved
  )
  rec.check(
    'the export holds the bytes the page sent',
    existsSync(target) && readFileSync(target, 'utf8') === 'location,price\nikoyi,1\n'
  )
  const dialog = standIn.system.record.saveDialogs.at(-1)
  rec.check(
    'the dialog opens in Downloads with the suggested name',
    dialog?.defaultPath === join(standIn.app.getPath('downloads'), 'table.csv'),
    dialog
  )
}

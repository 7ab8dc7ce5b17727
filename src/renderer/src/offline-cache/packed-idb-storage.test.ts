import { createStore, entries as rawRecords, keys, set } from 'idb-keyval'
import type { UseStore } from 'idb-keyval'
import { describe, expect, it, vi } from 'vitest'
import { bucketOf, createPackedIdbStorage, PACK_PREFIX } from './packed-idb-storage'

const PACKS = 4

function fresh(options: { autoCompact?: boolean; compactAfter?: number } = {}) {
  const dbName = `packed-${Math.random()}`
  const storage = createPackedIdbStorage(dbName, 'queries', {
    packCount: PACKS,
    autoCompact: false,
    compactDelayMs: 10,
    ...options
  })
  return { storage, raw: createStore(dbName, 'queries'), dbName }
}

async function seed(storage: ReturnType<typeof fresh>['storage'], count: number) {
  for (let index = 0; index < count; index += 1) {
    await storage.setItem(`market-query-${index}`, valueOf(index))
  }
}

const valueOf = (index: number): string => JSON.stringify({ n: index })

/** What a full read finds, as [key, text] (packed records turned back into text). */
async function listed(storage: ReturnType<typeof fresh>['storage']) {
  return (await storage.records()).map(({ key, value, parsed }): [string, unknown] => [
    key,
    parsed ? JSON.stringify(value) : value
  ])
}

/** The records a full read finds whose value is text (or packed JSON), as [key, text]. */
async function textEntries(storage: ReturnType<typeof fresh>['storage']) {
  return (await listed(storage)).filter((entry) => typeof entry[1] === 'string')
}

/** The text a full read finds under `key`. */
async function itemOf(storage: ReturnType<typeof fresh>['storage'], key: string) {
  return new Map(await textEntries(storage)).get(key)
}

/** Records not (yet) in a pack. */
const looseCount = async (raw: UseStore) =>
  (await keys<string>(raw)).filter((key) => !key.startsWith(PACK_PREFIX)).length

const sorted = <T extends [string, unknown]>(list: T[]) =>
  [...list].sort(([a], [b]) => a.localeCompare(b))

describe('packed IndexedDB cache storage', () => {
  it('reads the same entries after compaction, from a few pack records', async () => {
    const { storage, raw } = fresh()
    await seed(storage, 40)
    const before = sorted(await textEntries(storage))
    expect(await looseCount(raw)).toBe(40)

    expect(await storage.compact()).toEqual({ packed: 40, packs: PACKS })
    expect(sorted(await textEntries(storage))).toEqual(before)
    const records = await rawRecords<string, unknown>(raw)
    expect(records.map(([key]) => key).every((key) => key.startsWith(PACK_PREFIX))).toBe(true)
    expect(records).toHaveLength(PACKS)
    expect(await looseCount(raw)).toBe(0)
    expect(await itemOf(storage, 'market-query-17')).toBe(valueOf(17))
    expect(await itemOf(storage, 'market-query-missing')).toBeUndefined()
  })

  it('lets a later write win over the packed copy, and packs it on the next compaction', async () => {
    const { storage } = fresh()
    await seed(storage, 10)
    await storage.compact()
    await storage.setItem('market-query-3', '"newer"')

    expect(await itemOf(storage, 'market-query-3')).toBe('"newer"')
    const listed = await textEntries(storage)
    expect(listed.filter(([key]) => key === 'market-query-3')).toEqual([
      ['market-query-3', '"newer"']
    ])
    expect(listed).toHaveLength(10)

    expect(await storage.compact()).toEqual({ packed: 1, packs: 1 })
    expect(await itemOf(storage, 'market-query-3')).toBe('"newer"')
    expect(await textEntries(storage)).toHaveLength(10)
  })

  it('removes packed and loose entries without touching the rest of their pack', async () => {
    const { storage } = fresh()
    await seed(storage, 12)
    await storage.compact()
    await storage.setItem('market-query-loose', '"loose"')
    const sameBucket = Array.from({ length: 12 }, (_, index) => `market-query-${index}`).filter(
      (key) => bucketOf(key, PACKS) === bucketOf('market-query-0', PACKS)
    )
    expect(sameBucket.length).toBeGreaterThan(1)

    await storage.removeItems(['market-query-0'])
    await storage.removeItems(['market-query-5', 'market-query-loose'])
    const keys = (await textEntries(storage)).map(([key]) => key)
    expect(keys).toHaveLength(10)
    expect(keys).not.toContain('market-query-0')
    expect(keys).not.toContain('market-query-5')
    expect(keys).not.toContain('market-query-loose')
    for (const key of sameBucket.slice(1)) {
      if (key !== 'market-query-5')
        expect(await itemOf(storage, key)).toBe(valueOf(Number(key.slice(13))))
    }
  })

  it('lists a damaged pack under its own key, never writes over it, and can delete it', async () => {
    const { storage, raw } = fresh()
    const packKey = `${PACK_PREFIX}${bucketOf('market-query-1', PACKS)}`
    await set(packKey, '{"keys":["a"],"sizes":[1]', raw)
    await storage.setItem('market-query-1', '"one"')
    await storage.compact()

    const found = await listed(storage)
    expect(found).toContainEqual([packKey, '{"keys":["a"],"sizes":[1]'])
    expect(found).toContainEqual(['market-query-1', '"one"'])
    expect(await itemOf(storage, 'market-query-1')).toBe('"one"')

    await storage.removeItems([packKey])
    expect(await listed(storage)).toEqual([['market-query-1', '"one"']])
  })

  it('keeps records that are not JSON text loose, where they can be reported', async () => {
    const { storage, raw } = fresh()
    await set('market-query-structured', { not: 'text' }, raw)
    await storage.setItem('market-query-cut', '{"trunc')
    await storage.setItem('market-query-2', valueOf(2))
    expect(await storage.compact()).toEqual({ packed: 1, packs: 1 })
    expect(sorted(await listed(storage))).toEqual([
      ['market-query-2', valueOf(2)],
      ['market-query-cut', '{"trunc'],
      ['market-query-structured', { not: 'text' }]
    ])
    expect(await looseCount(raw)).toBe(2)
    expect(sorted(await textEntries(storage))).toEqual([
      ['market-query-2', valueOf(2)],
      ['market-query-cut', '{"trunc']
    ])
  })

  it('reports sizes as the characters written, packed or not', async () => {
    const { storage } = fresh()
    await storage.setItem('market-query-a', '{ "spaced": true }')
    const before = await storage.records()
    await storage.compact()
    const after = await storage.records()
    expect(after).toEqual([
      { key: 'market-query-a', value: { spaced: true }, parsed: true, size: before[0]?.size }
    ])
    expect(before[0]?.size).toBe('market-query-a'.length + '{ "spaced": true }'.length)
  })

  it('compacts on its own once enough writes have piled up', async () => {
    const { storage, raw } = fresh({ autoCompact: true, compactAfter: 5 })
    await seed(storage, 4)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await looseCount(raw)).toBe(4)
    await seed(storage, 5)
    await vi.waitFor(async () => expect(await looseCount(raw)).toBe(0))
    expect(await textEntries(storage)).toHaveLength(5)
  })

  it('compacts on its own when a full read finds enough loose records (left by earlier runs)', async () => {
    const { storage: earlier, raw, dbName } = fresh()
    await seed(earlier, 4)
    const options = { packCount: PACKS, compactAfter: 5, compactDelayMs: 10 }
    await createPackedIdbStorage(dbName, 'queries', options).records()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await looseCount(raw)).toBe(4)
    await seed(earlier, 5)
    const later = createPackedIdbStorage(dbName, 'queries', options)
    expect(await textEntries(later)).toHaveLength(5)
    await vi.waitFor(async () => expect(await looseCount(raw)).toBe(0))
    expect(await textEntries(later)).toHaveLength(5)
  })

  it('clears packs and loose records alike', async () => {
    const { storage } = fresh()
    await seed(storage, 6)
    await storage.compact()
    await storage.setItem('market-query-x', 'x')
    await storage.clear()
    expect(await storage.records()).toEqual([])
  })
})

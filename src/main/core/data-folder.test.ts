import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { adoptEarlierDataFolder, EARLIER_DATA_FOLDER } from './data-folder'

let appData: string
beforeEach(() => {
  appData = mkdtempSync(join(tmpdir(), 'market-appdata-'))
})
afterEach(() => rmSync(appData, { recursive: true, force: true }))

const earlier = () => join(appData, EARLIER_DATA_FOLDER)
const current = () => join(appData, 'Market Explorer')

describe('adoptEarlierDataFolder', () => {
  it('moves the folder of a build named market-explorer to the product name, once', () => {
    mkdirSync(earlier())
    writeFileSync(join(earlier(), 'settings.json'), '{"theme":"dark"}')
    expect(adoptEarlierDataFolder(current())).toBe('moved')
    expect(readFileSync(join(current(), 'settings.json'), 'utf8')).toBe('{"theme":"dark"}')
    mkdirSync(earlier())
    expect(adoptEarlierDataFolder(current())).toBe('nothing-to-move')
  })

  it('leaves both alone when the product-named folder exists already', () => {
    mkdirSync(earlier())
    writeFileSync(join(earlier(), 'settings.json'), 'old')
    mkdirSync(current())
    writeFileSync(join(current(), 'settings.json'), 'new')
    expect(adoptEarlierDataFolder(current())).toBe('nothing-to-move')
    expect(readFileSync(join(current(), 'settings.json'), 'utf8')).toBe('new')
    expect(readFileSync(join(earlier(), 'settings.json'), 'utf8')).toBe('old')
  })

  it('moves nothing that is not a plain folder (a link, a file) and nothing when there is none', () => {
    expect(adoptEarlierDataFolder(current())).toBe('nothing-to-move')
    const elsewhere = join(appData, 'elsewhere')
    mkdirSync(elsewhere)
    symlinkSync(elsewhere, earlier())
    expect(adoptEarlierDataFolder(current())).toBe('nothing-to-move')
    rmSync(earlier())
    writeFileSync(earlier(), 'not a folder')
    expect(adoptEarlierDataFolder(current())).toBe('nothing-to-move')
  })
})

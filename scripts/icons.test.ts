import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ICON_SIZES, iconOutputs, renderIcons } from './icons'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const read = (path: string) => readFileSync(join(ROOT, path))

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)]
}

describe('resources/ icons', () => {
  it('has a PNG of every size from 16 to 1024, each that size', () => {
    for (const size of ICON_SIZES) {
      expect(pngSize(read(`resources/icons/${size}x${size}.png`))).toEqual([size, size])
    }
    expect(pngSize(read('resources/icon.png'))).toEqual([512, 512])
  })

  it('has a Windows .ico and a macOS .icns', () => {
    const ico = read('resources/icon.ico')
    expect([...ico.subarray(0, 4)]).toEqual([0, 0, 1, 0])
    expect(ico.readUInt16LE(4)).toBeGreaterThanOrEqual(5)
    const icns = read('resources/icon.icns')
    expect(icns.subarray(0, 4).toString('latin1')).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
  })

  it('the committed icons are what npm run icons draws from icon.svg now', async () => {
    const files = await renderIcons(read('resources/icon.svg').toString('utf8'))
    expect([...files.keys()].sort()).toEqual(iconOutputs().sort())
    for (const [path, bytes] of files) expect(read(path).equals(bytes), path).toBe(true)
  })
})

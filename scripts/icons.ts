/**
 * `npm run icons`: draws resources/icon.svg into what packaging needs, with npm libraries only:
 * PNGs at 16–1024 px (resources/icons/<size>x<size>.png, the Linux set), resources/icon.png
 * (512 px, the window icon), resources/icon.ico (Windows) and resources/icon.icns (macOS).
 * The outputs are committed; run this again after changing the SVG.
 *
 *   tsx scripts/icons.ts [--check]   --check: exit 1 if a committed output is missing or stale
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { initWasm, Resvg } from '@resvg/resvg-wasm'
import png2icons from 'png2icons'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const RESOURCES = join(ROOT, 'resources')
export const ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const

/** Every file this script writes, relative to the repository root. */
export function iconOutputs(): string[] {
  return [
    ...ICON_SIZES.map((size) => `resources/icons/${size}x${size}.png`),
    'resources/icon.png',
    'resources/icon.ico',
    'resources/icon.icns'
  ]
}

export async function renderIcons(svg: string): Promise<Map<string, Buffer>> {
  const require = createRequire(import.meta.url)
  await initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')))
  const png = (size: number) =>
    Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng())
  const files = new Map<string, Buffer>()
  for (const size of ICON_SIZES) files.set(`resources/icons/${size}x${size}.png`, png(size))
  const large = png(1024)
  files.set('resources/icon.png', png(512))
  const ico = png2icons.createICO(large, png2icons.BICUBIC2, 0, false, true)
  const icns = png2icons.createICNS(large, png2icons.BICUBIC2, 0)
  if (!ico || !icns) throw new Error('png2icons could not build the .ico/.icns')
  files.set('resources/icon.ico', ico)
  files.set('resources/icon.icns', icns)
  return files
}

async function main(): Promise<number> {
  const check = process.argv.includes('--check')
  const files = await renderIcons(readFileSync(join(RESOURCES, 'icon.svg'), 'utf8'))
  const stale: string[] = []
  for (const [path, bytes] of files) {
    const target = join(ROOT, path)
    if (check) {
      if (!existsSync(target) || !readFileSync(target).equals(bytes)) stale.push(path)
      continue
    }
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, bytes)
  }
  if (check && stale.length > 0) {
    console.error(`Icons out of date (run npm run icons): ${stale.join(', ')}`)
    return 1
  }
  console.warn(
    `${check ? 'Checked' : 'Wrote'} ${files.size} icons from ${relative(ROOT, join(RESOURCES, 'icon.svg'))}`
  )
  return 0
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error))
      process.exit(1)
    }
  )
}

/** Production renderer bundle size: gzip (level 9) of every JS and CSS file the build wrote. */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { BenchRow } from './lib/rows'

const ASSETS = 'out/renderer/assets'

export function benchBundleSize(): BenchRow[] {
  const sizes = { js: 0, css: 0, jsRaw: 0 }
  const files: string[] = []
  for (const name of readdirSync(ASSETS)) {
    const kind = name.endsWith('.js') ? 'js' : name.endsWith('.css') ? 'css' : undefined
    if (!kind) continue
    const bytes = readFileSync(join(ASSETS, name))
    const gzipped = gzipSync(bytes, { level: 9 }).length
    sizes[kind] += gzipped
    if (kind === 'js') sizes.jsRaw += bytes.length
    files.push(`${name} ${(gzipped / 1024).toFixed(1)} KB`)
  }
  if (sizes.js === 0) throw new Error(`no JavaScript in ${ASSETS}: build first`)
  const totalKb = (sizes.js + sizes.css) / 1024
  return [
    {
      benchmark: 'production renderer bundle, gzip',
      measured: `every JS and CSS file in ${ASSETS} after electron-vite build, gzip level 9, summed; absolute`,
      ours: totalKb,
      unit: 'KB',
      target: '<= 350 KB',
      met: totalKb <= 350,
      detail: `JS ${(sizes.js / 1024).toFixed(1)} KB (raw ${(sizes.jsRaw / 1024).toFixed(0)} KB), CSS ${(sizes.css / 1024).toFixed(1)} KB; ${files.join(', ')}`
    }
  ]
}

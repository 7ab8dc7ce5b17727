/**
 * After `electron-vite build`: the renderer bundle must not carry package.json (its scripts and
 * dev dependencies describe our machine, not the app). Only the version is injected at build time.
 *
 *   npx tsx scripts/check-renderer-bundle.ts [out/renderer]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(import.meta.dirname, '..')

/** Texts that only a copy of package.json would put in a bundle. */
export function packageJsonMarkers(packageJsonText: string): string[] {
  const manifest = JSON.parse(packageJsonText) as {
    description?: string
    scripts?: Record<string, string>
  }
  return [
    'devDependencies',
    'allowScripts',
    ...(manifest.description ? [manifest.description] : []),
    ...Object.values(manifest.scripts ?? {}).filter((command) => command.length >= 12)
  ]
}

/** The markers found in a bundle's text (JSON-escaped forms included). */
export function packageJsonLeaks(bundle: string, markers: readonly string[]): string[] {
  return markers.filter(
    (marker) => bundle.includes(marker) || bundle.includes(JSON.stringify(marker).slice(1, -1))
  )
}

function javaScriptFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.js'))
    .map((name) => join(directory, name))
}

function main(): number {
  const directory = resolve(ROOT, process.argv[2] ?? 'out/renderer')
  if (!existsSync(directory)) {
    console.error(`${directory} not found: run \`npx electron-vite build\` first.`)
    return 2
  }
  const markers = packageJsonMarkers(readFileSync(join(ROOT, 'package.json'), 'utf8'))
  const files = javaScriptFiles(directory)
  const leaking = files.flatMap((file) => {
    const found = packageJsonLeaks(readFileSync(file, 'utf8'), markers)
    return found.length > 0 ? [`${file}: ${found.slice(0, 3).join(' | ')}`] : []
  })
  if (files.length === 0) {
    console.error(`No JavaScript in ${directory}: build first.`)
    return 2
  }
  if (leaking.length > 0) {
    console.error('The renderer bundle contains package.json content:')
    for (const line of leaking) console.error(`  - ${line}`)
    return 1
  }
  console.log(`Renderer bundle OK: ${files.length} JS files, no package.json content.`)
  return 0
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main()
}

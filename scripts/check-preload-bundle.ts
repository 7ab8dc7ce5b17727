/**
 * After `electron-vite build`: the sandboxed preload must be ONE CommonJS file whose only
 * require is `require("electron")` (a sandboxed preload cannot load other modules), with no
 * ESM syntax and no process.env.
 *
 *   npx tsx scripts/check-preload-bundle.ts [out/preload]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** Problems with a built preload's source; empty when it is fine. */
export function preloadBundleProblems(bundle: string): string[] {
  const problems: string[] = []
  // Comments (rolldown keeps the sources' doc comments) are not code.
  const source = bundle.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  const requires = [...source.matchAll(/\brequire\s*\(([^)]*)\)/g)].map((match) =>
    (match[1] ?? '').trim()
  )
  if (!requires.some((argument) => /^(['"`])electron\1$/.test(argument))) {
    problems.push('does not require("electron")')
  }
  for (const argument of requires) {
    if (!/^(['"`])electron\1$/.test(argument)) problems.push(`requires ${argument || '(nothing)'}`)
  }
  if (/^\s*(import|export)\s[^(]/m.test(source)) problems.push('contains ESM import/export')
  if (/\bimport\s*\(/.test(source)) problems.push('contains a dynamic import()')
  if (/\bprocess\.env\b/.test(source)) problems.push('reads process.env')
  return problems
}

function main(): number {
  const directory = resolve(ROOT, process.argv[2] ?? 'out/preload')
  const file = join(directory, 'index.cjs')
  if (!existsSync(file)) {
    console.error(`${file} not found: run \`npx electron-vite build\` first.`)
    return 2
  }
  const problems = preloadBundleProblems(readFileSync(file, 'utf8'))
  const extra = readdirSync(directory).filter(
    (name) => name !== 'index.cjs' && !name.endsWith('.map')
  )
  if (extra.length > 0) problems.push(`the preload is split into more files: ${extra.join(', ')}`)
  if (problems.length > 0) {
    console.error(`Preload bundle ${file} is not a single sandbox-safe CJS file:`)
    for (const problem of problems) console.error(`  - ${problem}`)
    return 1
  }
  console.log(`Preload bundle OK: ${file} requires only electron.`)
  return 0
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main()
}

/**
 * After `electron-vite build`: package.json's `dependencies` are exactly the packages the built
 * main bundle imports at run time. electron-builder packs `dependencies` into app.asar, so a
 * renderer-only library listed there ships twice (the renderer bundle already holds it), and a
 * package main imports but that is missing from them breaks the installed app.
 *
 *   npx tsx scripts/check-main-bundle.ts [out/main]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(import.meta.dirname, '..')

/** The module the Electron runtime provides: never a dependency. */
const RUNTIME_MODULES = new Set(['electron', ...builtinModules])

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/')
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/')
}

/** The packages a built bundle imports (static, dynamic or require), runtime modules left out. */
export function importedPackages(bundle: string): string[] {
  const specifiers = [
    ...bundle.matchAll(/^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*["']([^"']+)["']/gm),
    ...bundle.matchAll(/^\s*import\s*["']([^"']+)["']/gm),
    ...bundle.matchAll(/\b(?:import|require)\s*\(\s*["']([^"']+)["']\s*\)/g)
  ].map((match) => match[1] ?? '')
  const packages = specifiers
    .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:'))
    .map(packageOf)
    .filter((name) => !RUNTIME_MODULES.has(name))
  return [...new Set(packages)].sort()
}

/** What differs between the imported packages and the declared dependencies. */
export function dependencyProblems(
  imported: readonly string[],
  dependencies: readonly string[]
): string[] {
  return [
    ...imported
      .filter((name) => !dependencies.includes(name))
      .map(
        (name) => `main imports ${name}, which is not in dependencies (the app would not find it)`
      ),
    ...dependencies
      .filter((name) => !imported.includes(name))
      .map((name) => `${name} is in dependencies but main does not import it (a devDependency?)`)
  ]
}

function main(): number {
  const directory = resolve(ROOT, process.argv[2] ?? 'out/main')
  if (!existsSync(directory)) {
    console.error(`${directory} not found: run \`npx electron-vite build\` first.`)
    return 2
  }
  const bundle = readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.[cm]?js$/.test(name))
    .map((name) => readFileSync(join(directory, name), 'utf8'))
    .join('\n')
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>
  }
  const imported = importedPackages(bundle)
  const problems = dependencyProblems(imported, Object.keys(manifest.dependencies ?? {}))
  if (problems.length > 0) {
    console.error(`The main bundle in ${directory} and package.json's dependencies differ:`)
    for (const problem of problems) console.error(`  - ${problem}`)
    return 1
  }
  console.log(`Main bundle OK: it imports exactly the dependencies (${imported.join(', ')}).`)
  return 0
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main()
}

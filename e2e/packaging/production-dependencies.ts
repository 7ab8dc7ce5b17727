/**
 * What app.asar may hold besides the build output: package.json's `dependencies` and everything
 * they need at run time, found the way Node resolves them from the installed node_modules.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

interface Manifest {
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
}

function readManifest(folder: string): Manifest {
  return JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Manifest
}

/** The folder `name` resolves to from `from`, walking up node_modules folders as Node does. */
function resolvePackage(name: string, from: string, root: string): string | undefined {
  for (let folder = from; ; folder = dirname(folder)) {
    const candidate = join(folder, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) return candidate
    if (folder === root || dirname(folder) === folder) return undefined
  }
}

export interface ProductionPackages {
  /** The app's dependencies and what they need, installed optional ones included. */
  required: Set<string>
  /** Those, and the peers they name: a packager may pack a peer or leave it to the user. */
  allowed: Set<string>
}

/** The packages the app's `dependencies` bring, by name. */
export function productionPackages(root: string): ProductionPackages {
  const required = new Set<string>()
  const allowed = new Set<string>()
  const seen = new Set<string>()
  const visit = (folder: string, manifest: Manifest, asPeer: boolean): void => {
    const needs = { ...manifest.optionalDependencies, ...manifest.dependencies }
    const wanted = [
      ...Object.keys(needs).map((name) => ({ name, peer: asPeer })),
      ...Object.keys(manifest.peerDependencies ?? {}).map((name) => ({ name, peer: true }))
    ]
    for (const { name, peer } of wanted) {
      const found = resolvePackage(name, folder, root)
      if (!found) {
        const mayBeAbsent = peer || manifest.optionalDependencies?.[name] !== undefined
        if (mayBeAbsent) continue
        throw new Error(`${name}, needed by ${folder}, is not installed`)
      }
      allowed.add(name)
      if (!peer) required.add(name)
      const key = `${found}\0${peer}`
      if (seen.has(key)) continue
      seen.add(key)
      visit(found, readManifest(found), peer)
    }
  }
  visit(root, { dependencies: readManifest(root).dependencies ?? {} }, false)
  return { required, allowed }
}

/** The package names under node_modules in a list of archive paths (`/node_modules/a/node_modules/@b/c/x.js`). */
export function packagesInArchive(paths: readonly string[]): Set<string> {
  const names = new Set<string>()
  for (const path of paths) {
    const parts = path.split(/[\\/]/)
    parts.forEach((part, index) => {
      if (part !== 'node_modules') return
      const first = parts[index + 1]
      if (!first || first.startsWith('.')) return
      const second = parts[index + 2]
      if (first.startsWith('@')) {
        if (second) names.add(`${first}/${second}`)
      } else {
        names.add(first)
      }
    })
  }
  return names
}

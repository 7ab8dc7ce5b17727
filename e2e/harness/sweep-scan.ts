/** Scans the secrets sweep's artifacts for every key that was in play (and its common encodings). */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

export const ARTIFACT_KINDS = [
  'DOM snapshots',
  'IndexedDB dumps',
  'window globals, localStorage, sessionStorage',
  'main-process log lines',
  'renderer console output',
  'data folder (settings file)'
] as const
export type ArtifactKind = (typeof ARTIFACT_KINDS)[number]

export interface SweepHit {
  file: string
  /** Which form of a key was found: the key itself is never printed. */
  form: string
}

export interface KindResult {
  kind: ArtifactKind
  files: number
  bytes: number
  hits: SweepHit[]
}

export function artifactKind(relativePath: string): ArtifactKind | undefined {
  const parts = relativePath.split(sep)
  const name = parts[parts.length - 1] ?? ''
  if (parts.includes('user-data')) return 'data folder (settings file)'
  if (name.endsWith('.dom.html')) return 'DOM snapshots'
  if (name === 'indexeddb.json') return 'IndexedDB dumps'
  if (name === 'web-storage-and-globals.json') return 'window globals, localStorage, sessionStorage'
  if (name === 'main-log.jsonl') return 'main-process log lines'
  if (name === 'console.txt') return 'renderer console output'
  return undefined
}

/** The key as written, and as it would appear base64- or URL-encoded. */
export function keyForms(key: string): Array<{ form: string; text: string }> {
  const forms = [
    { form: 'plain', text: key },
    { form: 'base64', text: Buffer.from(key).toString('base64').replace(/=+$/, '') },
    { form: 'base64url', text: Buffer.from(key).toString('base64url') },
    { form: 'url-encoded', text: encodeURIComponent(key) }
  ]
  return forms.filter(
    (entry, index) => forms.findIndex((other) => other.text === entry.text) === index
  )
}

function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return []
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

export function readSweepKeys(keysDir: string): string[] {
  const keys = new Set<string>()
  for (const file of filesUnder(keysDir)) {
    for (const key of JSON.parse(readFileSync(file, 'utf8')) as string[]) keys.add(key)
  }
  return [...keys]
}

export function scanSweep(
  artifactsDir: string,
  keys: readonly string[]
): { results: KindResult[]; unclassified: string[] } {
  const results = new Map<ArtifactKind, KindResult>(
    ARTIFACT_KINDS.map((kind) => [kind, { kind, files: 0, bytes: 0, hits: [] }])
  )
  const unclassified: string[] = []
  const forms = keys.flatMap((key) => keyForms(key))
  for (const file of filesUnder(artifactsDir)) {
    const path = relative(artifactsDir, file)
    const kind = artifactKind(path)
    if (!kind) {
      unclassified.push(path)
      continue
    }
    const result = results.get(kind)
    if (!result) continue
    const content = readFileSync(file).toString('latin1')
    result.files += 1
    result.bytes += content.length
    for (const { form, text } of forms) {
      if (content.includes(text)) result.hits.push({ file: path, form })
    }
  }
  return { results: [...results.values()], unclassified }
}

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { artifactKind, keyForms, readSweepKeys, scanSweep } from './sweep-scan'

const KEY = 'sweep-test-key-7d1e09'

function sweepFolder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'sweep-'))
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), content)
  }
  return root
}

describe('secrets sweep scan', () => {
  it('classifies every artifact the fixtures write', () => {
    expect(artifactKind(join('t1', '001-end.dom.html'))).toBe('DOM snapshots')
    expect(artifactKind(join('t1', 'indexeddb.json'))).toBe('IndexedDB dumps')
    expect(artifactKind(join('t1', 'main-log.jsonl'))).toBe('main-process log lines')
    expect(artifactKind(join('t1', 'user-data', 'settings.json'))).toBe(
      'data folder (settings file)'
    )
    expect(artifactKind(join('t1', 'notes.md'))).toBeUndefined()
  })

  it('finds a key in plain, base64 and URL-encoded form, and counts clean files', () => {
    const base64 = Buffer.from(KEY).toString('base64')
    const root = sweepFolder({
      't1/001-end.dom.html': `<div>${KEY}</div>`,
      't1/indexeddb.json': `[{"v":"${base64}"}]`,
      't1/main-log.jsonl': '{"message":"ok"}',
      't2/user-data/settings.json': `{"url":"https://x/?k=${encodeURIComponent(KEY + '/+')}"}`,
      't2/stray.bin': 'x'
    })
    const { results, unclassified } = scanSweep(root, [KEY, `${KEY}/+`])
    const byKind = Object.fromEntries(results.map((result) => [result.kind, result]))
    expect(byKind['DOM snapshots']?.hits).toEqual([
      { file: join('t1', '001-end.dom.html'), form: 'plain' }
    ])
    expect(byKind['IndexedDB dumps']?.hits.map((hit) => hit.form)).toContain('base64')
    expect(byKind['main-process log lines']).toMatchObject({ files: 1, hits: [] })
    expect(byKind['data folder (settings file)']?.hits.map((hit) => hit.form)).toContain(
      'url-encoded'
    )
    expect(unclassified).toEqual([join('t2', 'stray.bin')])
  })

  it('reads the keys every test recorded, once each', () => {
    const root = sweepFolder({
      'a.json': JSON.stringify([KEY, 'k2']),
      'b.json': JSON.stringify([KEY])
    })
    expect(readSweepKeys(root).sort()).toEqual([KEY, 'k2'].sort())
    expect(keyForms('abc').map((form) => form.form)).toEqual(['plain', 'base64'])
    expect(keyForms('a+b/c?').map((form) => form.text)).toEqual([
      'a+b/c?',
      'YStiL2M/',
      'YStiL2M_',
      'a%2Bb%2Fc%3F'
    ])
  })
})

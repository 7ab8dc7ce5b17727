/**
 * A one-off command needs no disk: with the temp folder unusable (TMPDIR under a plain file) the
 * CLI still answers, in-process and as the real `npm run cli` process, with no stack trace.
 */
import { mkdtempSync, readdirSync, rmSync, watch, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unexpectedFailureLine } from './run'
import { runCliCaptured, runCliProcess } from '../../test/support/cli/run-cli'

let base: string
let unusableTmp: string

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'market-cli-nodisk-'))
  writeFileSync(join(base, 'plain-file'), 'not a folder')
  unusableTmp = join(base, 'plain-file', 'tmp')
})
afterAll(() => rmSync(base, { recursive: true, force: true }))

/** Runs `work` with TMPDIR pointing under a plain file (os.tmpdir() reads it on every call). */
async function withUnusableTmpdir<T>(work: () => Promise<T>): Promise<T> {
  const saved = process.env['TMPDIR']
  process.env['TMPDIR'] = unusableTmp
  try {
    return await work()
  } finally {
    if (saved === undefined) delete process.env['TMPDIR']
    else process.env['TMPDIR'] = saved
  }
}

describe('the CLI with an unusable temp folder', () => {
  it('answers a one-off command in-process: settings live in memory', async () => {
    const run = await withUnusableTmpdir(() =>
      runCliCaptured(['locations', '--sector', 'land', '--json'])
    )
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ locations: expect.any(Array) })
  })

  it('writes nothing in a usable temp folder either: no folder per run', async () => {
    const watched = mkdtempSync(join(base, 'watched-tmp-'))
    const events: string[] = []
    const watcher = watch(watched, { recursive: false }, (event, name) =>
      events.push(`${event} ${String(name)}`)
    )
    const saved = process.env['TMPDIR']
    process.env['TMPDIR'] = watched
    try {
      for (const argv of [
        ['locations', '--sector', 'residential'],
        ['growth', '--location', 'ikoyi', '--sector', 'land', '--csv']
      ]) {
        expect((await runCliCaptured(argv)).code).toBe(0)
      }
      // inotify events arrive on a later turn of the event loop.
      await new Promise((resolveWait) => setTimeout(resolveWait, 300))
    } finally {
      watcher.close()
      if (saved === undefined) delete process.env['TMPDIR']
      else process.env['TMPDIR'] = saved
    }
    expect(events).toEqual([])
    expect(readdirSync(watched)).toEqual([])
  })

  it('`npm run cli` as a process: exit 0 and the data, no stack trace', async () => {
    const { code, stdout, stderr } = await runCliProcess(
      ['locations', '--sector', 'land', '--csv'],
      {
        env: { TMPDIR: unusableTmp },
        killAfterMs: 40_000
      }
    )
    expect(stderr).not.toMatch(/^\s+at /m)
    expect(code, stderr).toBe(0)
    expect(stdout.split('\r\n')[0]).toBe('slug,name,city,country,country_code')
  }, 60_000)
})

describe('the last guard of the process entry', () => {
  it('turns any failure into one line with the INTERNAL code, the key redacted', () => {
    const key = 'sk-live-9f8e7d6c5b4a'
    const error = new Error(`EIO: i/o error, read ${key}\n    at readSync (node:fs:1)`)
    const line = unexpectedFailureLine(error, { MARKET_API_KEY: key })
    expect(line.split('\n')).toHaveLength(1)
    expect(line).toMatch(/^error \[INTERNAL\]: Unexpected failure \(Error: EIO: i\/o error/)
    expect(line).not.toContain(key)
  })
})

import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { urlOfLoadFile, urlOfLoadURL } from '../../../test/support/electron/loaded-url'
import { createSenderCheck } from './registry'

const RENDERER_FILE = 'file:///opt/market/resources/app/out/renderer/index.html'
const DEV_SERVER = 'http://localhost:5173/'

const built = createSenderCheck({ rendererFileUrl: RENDERER_FILE })
const dev = createSenderCheck({ rendererFileUrl: RENDERER_FILE, devServerUrl: DEV_SERVER })

const topFrame = (url: string) => ({ senderFrame: { url, parent: null } })

describe('IPC sender check', () => {
  it('trusts our built page, with or without a query or fragment', () => {
    expect(built(topFrame(RENDERER_FILE))).toBe(true)
    expect(built(topFrame(`${RENDERER_FILE}#/compare`))).toBe(true)
    expect(built(topFrame(`${RENDERER_FILE}?x=1#/saved`))).toBe(true)
  })

  it('refuses any other file, even one named index.html', () => {
    for (const url of [
      'file:///tmp/evil/index.html',
      'file:///opt/market/resources/app/out/renderer/index.html.evil',
      'file:///opt/market/resources/app/out/renderer/other/index.html',
      'file:///opt/market/resources/app/out/index.html',
      'file:///index.html',
      'file:///opt/market/resources/app/out/renderer/',
      'file:///opt/market/resources/app/out/renderer/index.htm'
    ]) {
      expect(built(topFrame(url)), url).toBe(false)
    }
  })

  it('refuses the same path on another host (a UNC share or a remote file URL)', () => {
    expect(
      built(topFrame('file://evil-host/opt/market/resources/app/out/renderer/index.html'))
    ).toBe(false)
    expect(
      built(topFrame('file://localhost.evil/opt/market/resources/app/out/renderer/index.html'))
    ).toBe(false)
  })

  it('refuses web pages that end like our path', () => {
    for (const url of [
      'https://evil.example/opt/market/resources/app/out/renderer/index.html',
      'http://localhost:5173/index.html',
      'data:text/html,<script>1</script>',
      'about:blank',
      ''
    ]) {
      expect(built(topFrame(url)), url).toBe(false)
    }
  })

  it('in development trusts the dev server origin only, not look-alikes', () => {
    expect(dev(topFrame('http://localhost:5173/'))).toBe(true)
    expect(dev(topFrame('http://localhost:5173/src/main.tsx'))).toBe(true)
    for (const url of [
      'http://localhost:51730/',
      'http://localhost:5174/',
      'https://localhost:5173/',
      'http://localhost.evil.example:5173/',
      'http://localhost:5173.evil.example/',
      'http://evil.example/?http://localhost:5173/',
      'http://127.0.0.1:5173/',
      'ws://localhost:5173/'
    ]) {
      expect(dev(topFrame(url)), url).toBe(false)
    }
  })

  it('refuses subframes and destroyed frames', () => {
    expect(built({ senderFrame: { url: RENDERER_FILE, parent: {} } })).toBe(false)
    expect(built({ senderFrame: null })).toBe(false)
  })
})

/**
 * Folders a user's app can sit in whose path Electron and Node spell differently: the URL main
 * expects comes from pathToFileURL (index.ts), the sender's from Electron's loader.
 */
const AWKWARD_FOLDERS = [
  '/home/ana/Apps [work]',
  '/home/ana/PROGRA~1/Market',
  '/srv/100%',
  '/srv/100%25',
  '/srv/#2 ?x',
  '/home/zoë/日本',
  '/srv/a%41b'
]

describe('IPC sender check, wherever the app is installed', () => {
  const pageIn = (folder: string, name = 'index.html') =>
    join(folder, 'resources/app/out/renderer', name)

  for (const folder of AWKWARD_FOLDERS) {
    it(`trusts our page opened from ${folder}, and nothing beside it`, () => {
      const rendererFileUrl = pathToFileURL(pageIn(folder)).href
      const check = createSenderCheck({ rendererFileUrl })
      const shown = urlOfLoadURL(rendererFileUrl)
      expect(check(topFrame(shown)), shown).toBe(true)
      expect(check(topFrame(`${shown}#/compare`))).toBe(true)
      expect(check({ senderFrame: { url: shown, parent: {} } })).toBe(false)
      const sibling = urlOfLoadURL(pathToFileURL(pageIn(folder, 'other.html')).href)
      expect(check(topFrame(sibling)), sibling).toBe(false)
      const elsewhere = urlOfLoadURL(pathToFileURL(pageIn(`${folder}x`)).href)
      expect(check(topFrame(elsewhere)), elsewhere).toBe(false)
    })
  }

  it('trusts the same file however the URL spells it (loadFile leaves [ ] ~ % as they are)', () => {
    for (const folder of AWKWARD_FOLDERS.filter((name) => !/%[0-9A-F]{2}/i.test(name))) {
      const check = createSenderCheck({ rendererFileUrl: pathToFileURL(pageIn(folder)).href })
      const spelledByLoadFile = urlOfLoadFile(pageIn(folder), '/')
      expect(check(topFrame(spelledByLoadFile)), spelledByLoadFile).toBe(true)
    }
  })

  it('refuses a folder whose name reads as an escape, opened as loadFile would (another file)', () => {
    const check = createSenderCheck({ rendererFileUrl: pathToFileURL(pageIn('/srv/a%41b')).href })
    // url.format keeps "%41"; Chromium reads it as "A": the page would come from /srv/aAb.
    expect(check(topFrame(urlOfLoadFile(pageIn('/srv/a%41b'), '/')))).toBe(false)
  })

  it('refuses other bytes, an escaped slash and another drive', () => {
    const check = createSenderCheck({ rendererFileUrl: 'file:///home/zo%C3%AB/out/index.html' })
    expect(check(topFrame('file:///home/zo%c3%ab/out/index.html'))).toBe(true)
    expect(check(topFrame('file:///home/zo%C3%AC/out/index.html'))).toBe(false)
    expect(check(topFrame('file:///home/zo%FF/out/index.html'))).toBe(false)
    expect(check(topFrame('file:///home/zo%C3%AB%2Fout/index.html'))).toBe(false)
    expect(check(topFrame('file:///home/zo%C3%AB/out%2Findex.html'))).toBe(false)
    const windows = createSenderCheck({
      rendererFileUrl: 'file:///C:/Program%20Files/M/index.html'
    })
    expect(windows(topFrame('file:///c:/Program%20Files/M/index.html'))).toBe(true)
    expect(windows(topFrame('file:///D:/Program%20Files/M/index.html'))).toBe(false)
    expect(windows(topFrame('file:///C:/Program%20Files/m/index.html'))).toBe(false)
  })
})

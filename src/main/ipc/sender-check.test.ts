import { describe, expect, it } from 'vitest'
import { createSenderCheck } from './sender-check'

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

import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { chromiumUrl, urlOfLoadFile, urlOfLoadURL } from '../../../test/support/electron/loaded-url'

const FOLDER = '/srv/Apps [work] ~1 100% #2 Zoë'

describe('the URL Electron reports for a page', () => {
  it('loadFile: url.format keeps a space, [ ] ~ % and letters; escapes # only', () => {
    expect(urlOfLoadFile(`${FOLDER}/index.html`, '/')).toBe(
      'file:///srv/Apps%20[work]%20~1%20100%%20%232%20Zo%C3%AB/index.html'
    )
  })

  it('loadURL: Chromium keeps the escapes it is given, except those of unreserved characters', () => {
    // pathToFileURL's spelling of FOLDER (Node 20.20; other versions may escape less).
    const url = 'file:///srv/Apps%20%5Bwork%5D%20%7E1%20100%25%20%232%20Zo%C3%AB/index.html'
    expect(urlOfLoadURL(url)).toBe(
      'file:///srv/Apps%20%5Bwork%5D%20~1%20100%25%20%232%20Zo%C3%AB/index.html'
    )
    expect(urlOfLoadURL(pathToFileURL(`${FOLDER}/index.html`).href)).toContain('100%25')
  })

  it('decodes %41 to A as Chromium does, so a folder named a%41b opened by loadFile is aAb', () => {
    expect(chromiumUrl('file:///srv/a%41b/x.html')).toBe('file:///srv/aAb/x.html')
    expect(chromiumUrl('file:///srv/a%2541b/x.html')).toBe('file:///srv/a%2541b/x.html')
  })
})

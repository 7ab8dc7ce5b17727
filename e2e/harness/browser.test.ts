import { describe, expect, it } from 'vitest'
import { describeChoice, findChromium } from './browser'
import type { BrowserLookup } from './browser'

function lookup(options: {
  env?: Record<string, string>
  playwright?: string
  installed?: string[]
}): BrowserLookup {
  const installed = new Set(options.installed ?? [])
  return {
    env: { PATH: '/usr/local/bin:/usr/bin', ...options.env },
    playwrightPath: () => options.playwright,
    exists: (path) => installed.has(path)
  }
}

const PLAYWRIGHT = '/home/ana/.cache/ms-playwright/chromium-1200/chrome-linux/chrome'

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first, and says when it names nothing', () => {
    const both = {
      installed: ['/opt/chrome', PLAYWRIGHT, '/usr/bin/chromium'],
      playwright: PLAYWRIGHT
    }
    expect(findChromium(lookup({ ...both, env: { CHROMIUM_PATH: '/opt/chrome' } }))).toEqual({
      found: true,
      path: '/opt/chrome',
      source: 'CHROMIUM_PATH'
    })
    const wrong = findChromium(lookup({ ...both, env: { CHROMIUM_PATH: '/nowhere/chrome' } }))
    expect(wrong).toMatchObject({ found: false })
    expect(describeChoice(wrong)).toContain('/nowhere/chrome')
  })

  it("then Playwright's own Chromium, when it is installed", () => {
    const choice = findChromium(
      lookup({ playwright: PLAYWRIGHT, installed: [PLAYWRIGHT, '/usr/bin/chromium'] })
    )
    expect(choice).toEqual({ found: true, path: PLAYWRIGHT, source: 'Playwright' })
    expect(describeChoice(choice)).toBe(
      `Browser for the e2e suite: ${PLAYWRIGHT} (Playwright's own Chromium)`
    )
  })

  it("then the system's: chromium, chromium-browser, google-chrome on PATH, in that order", () => {
    const missingPlaywright = { playwright: PLAYWRIGHT }
    expect(
      findChromium(
        lookup({ ...missingPlaywright, installed: ['/usr/bin/chromium', '/usr/bin/google-chrome'] })
      )
    ).toMatchObject({ path: '/usr/bin/chromium', source: 'system' })
    expect(
      findChromium(
        lookup({ installed: ['/usr/local/bin/chromium-browser', '/usr/bin/google-chrome'] })
      )
    ).toMatchObject({ path: '/usr/local/bin/chromium-browser' })
    expect(findChromium(lookup({ installed: ['/usr/bin/google-chrome'] }))).toMatchObject({
      path: '/usr/bin/google-chrome'
    })
    expect(
      findChromium(
        lookup({ installed: ['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'] })
      )
    ).toMatchObject({ source: 'system' })
  })

  it('says how to get one when there is none', () => {
    const none = findChromium(lookup({ playwright: PLAYWRIGHT }))
    expect(none).toMatchObject({ found: false })
    expect(describeChoice(none)).toMatch(/CHROMIUM_PATH.*npx playwright install chromium/)
  })

  it('survives a Playwright without a browser registry', () => {
    const broken: BrowserLookup = {
      ...lookup({ installed: ['/usr/bin/chromium'] }),
      playwrightPath: () => {
        throw new Error('no registry')
      }
    }
    expect(findChromium(broken)).toMatchObject({ path: '/usr/bin/chromium' })
  })
})

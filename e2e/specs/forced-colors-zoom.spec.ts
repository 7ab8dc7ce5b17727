import { mkdirSync } from 'node:fs'
import { inflateSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import type { AppHarness } from '../harness/fixtures'
import { expect, test } from '../harness/fixtures'
import { SCREENSHOT_DIR } from '../harness/paths'

/** A 1280×800 window at 200 % zoom lays out like a 640×400 CSS-pixel viewport. */
const ZOOMED = { width: 640, height: 400 }
const NORMAL = { width: 1280, height: 800 }

interface Screen {
  name: string
  /** Opens the screen and waits until its content is shown. */
  open: (app: AppHarness) => Promise<void>
  /** Puts keyboard focus on a control, so the picture shows the focus ring. */
  focus: (page: Page) => Promise<void>
}

async function openRoute(app: AppHarness, hash: string): Promise<void> {
  await app.page.goto(`${app.url}${hash}`)
  await expect(app.page.locator('[data-app-state="ready"]')).toBeVisible()
}

const SCREENS: Screen[] = [
  {
    name: 'explore',
    open: async (app) => {
      await openRoute(app, '#/explore/residential')
      await expect(
        app.page.getByTestId('location-listbox').getByRole('option').first()
      ).toBeVisible()
    },
    focus: async (page) => {
      await page.getByTestId('location-search').focus()
      await page.keyboard.press('ArrowDown')
    }
  },
  {
    name: 'location-residential',
    open: async (app) => {
      await openRoute(app, '#/location/residential/NG/lekki-phase-1')
      await expect(app.page.getByTestId('price-matrix')).toBeVisible()
    },
    focus: async (page) => page.getByTestId('save-location').focus()
  },
  {
    name: 'location-land',
    open: async (app) => {
      await openRoute(app, '#/location/land/NG/ikoyi')
      await expect(app.page.getByTestId('land-price')).toBeVisible()
    },
    focus: async (page) => page.getByTestId('save-location').focus()
  },
  {
    name: 'compare',
    open: async (app) => {
      await openRoute(app, '#/compare')
      await expect(app.page.getByTestId('compare-table')).toContainText('Ikoyi')
    },
    focus: async (page) => page.getByTestId('export-csv').focus()
  },
  {
    name: 'rankings',
    open: async (app) => {
      await openRoute(app, '#/rankings')
      await expect(app.page.getByTestId('rankings-summary')).toHaveText(
        /^(\d+) locations · \1 answered$/,
        { timeout: 30_000 }
      )
    },
    focus: async (page) => page.getByTestId('sort-growth').focus()
  },
  {
    name: 'saved',
    open: async (app) => {
      await openRoute(app, '#/saved')
      await expect(app.page.getByTestId('offline-library')).toContainText('Lekki Phase 1')
    },
    focus: async (page) => page.getByTestId('library-search').focus()
  },
  {
    name: 'settings',
    open: async (app) => {
      await openRoute(app, '#/settings')
      await expect(app.page.getByTestId('api-key-status')).toContainText(/key/i)
    },
    focus: async (page) => page.getByTestId('offline-mode').focus()
  }
]

/** Width by which the whole page is wider than the window (the content area may scroll itself). */
async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.documentElement
    return Math.max(root.scrollWidth, document.body.scrollWidth) - root.clientWidth
  })
}

/**
 * Controls cut off by an ancestor that hides its overflow (one that scrolls is fine: the control
 * can be scrolled to), or whose own label does not fit inside them.
 */
async function clippedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], select, input:not([type="checkbox"]):not([type="radio"]), .choice'
    )
    const clipped: string[] = []
    for (const control of controls) {
      const box = control.getBoundingClientRect()
      if (box.width === 0 || box.height === 0 || control.closest('[aria-hidden="true"]')) continue
      if (control.closest('.visually-hidden')) continue
      const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? ''
      const label = `${control.tagName.toLowerCase()} "${name.slice(0, 40)}"`
      if (control.tagName === 'BUTTON' && control.scrollWidth > control.clientWidth + 1) {
        clipped.push(`${label}: label wider than the button`)
        continue
      }
      for (let parent = control.parentElement; parent; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX
        if (overflow === 'auto' || overflow === 'scroll') break
        if (overflow !== 'hidden' && overflow !== 'clip') continue
        const area = parent.getBoundingClientRect()
        if (box.left < area.left - 1 || box.right > area.right + 1) {
          clipped.push(`${label}: cut off by ${parent.className || parent.tagName}`)
          break
        }
      }
    }
    return clipped
  })
}

/** The colour of one screen pixel as rgb hex: a 1×1 screenshot, inflated (any PNG filter of a lone pixel is the identity). */
async function pixelAt(page: Page, x: number, y: number): Promise<string> {
  const png = await page.screenshot({ clip: { x, y, width: 1, height: 1 } })
  const chunks: Buffer[] = []
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset)
    if (png.subarray(offset + 4, offset + 8).toString('latin1') === 'IDAT') {
      chunks.push(png.subarray(offset + 8, offset + 8 + length))
    }
    offset += length + 12
  }
  const [, r = 0, g = 0, b = 0] = inflateSync(Buffer.concat(chunks))
  return [r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')
}

/** Selected items painted like an unselected sibling (sampled just inside their left edge). */
async function unmarkedSelections(page: Page): Promise<string[]> {
  const pairs: [string, string][] = [
    [".nav-item[aria-current='page']", '.nav-item:not([aria-current])'],
    ['.choice input:checked + span', '.choice input:not(:checked) + span'],
    ['.picker-option.is-active', '.picker-option:not(.is-active)']
  ]
  const unmarked: string[] = []
  for (const [selected, other] of pairs) {
    const colours: string[] = []
    for (const selector of [selected, other]) {
      const target = page.locator(selector).first()
      if ((await target.count()) === 0) continue
      await target.scrollIntoViewIfNeeded()
      const box = await target.boundingBox()
      if (box) colours.push(await pixelAt(page, box.x + 6, box.y + box.height / 2))
    }
    if (colours.length === 2 && colours[0] === colours[1]) unmarked.push(selected)
  }
  return unmarked
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, animations: 'disabled' })
}

test('forced colours and 200 % zoom: every screen usable, screenshots in e2e/screenshots', async ({
  app
}) => {
  test.setTimeout(90_000)
  const { page } = app
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  await app.open()
  await page.getByTestId('first-run').getByRole('button', { name: 'Got it' }).click()
  // Something to compare and something saved, so those screens show their tables.
  await openRoute(app, '#/location/residential/NG/lekki-phase-1')
  await page.getByTestId('add-to-compare').click()
  await page.getByTestId('save-location').click()
  await openRoute(app, '#/location/residential/NG/ikoyi')
  await page.getByTestId('add-to-compare').click()
  const dismiss = page.getByTestId('toasts').getByRole('button', { name: 'Dismiss notification' })
  while ((await dismiss.count()) > 0) await dismiss.first().click()

  const problems: string[] = []
  for (const screen of SCREENS) {
    await page.setViewportSize(NORMAL)
    await screen.open(app)
    await screen.focus(page)
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ forcedColors: 'active', colorScheme, reducedMotion: 'reduce' })
      await shoot(page, `forced-colors-${screen.name}-${colorScheme}`)
      for (const selector of await unmarkedSelections(page)) {
        problems.push(
          `${screen.name} (forced colours, ${colorScheme}): ${selector} looks unselected`
        )
      }
    }
    await page.emulateMedia({ forcedColors: 'none', colorScheme: 'light', reducedMotion: 'reduce' })

    await page.setViewportSize(ZOOMED)
    await page.evaluate(() => document.querySelector('.app-main')?.scrollTo(0, 0))
    await shoot(page, `zoom-200-${screen.name}`)
    const overflow = await pageOverflow(page)
    if (overflow > 0) problems.push(`${screen.name}: the page scrolls sideways by ${overflow}px`)
    for (const clipped of await clippedControls(page)) problems.push(`${screen.name}: ${clipped}`)
  }
  expect(problems).toEqual([])
})

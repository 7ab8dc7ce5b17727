/**
 * Every screen on demo data, in light and dark (`npm run screenshots` runs only this spec): each
 * screen shows its content and none throws in the page. Pictures go to e2e/screenshots/screen-*.
 */
import type { Page } from '@playwright/test'
import { expect, test } from '../harness/fixtures'
import { screenshotBothThemes } from '../harness/screenshots'

const ref = (slug: string, name: string, city: string, country: string, countryCode: string) => ({
  sector: 'residential',
  slug,
  name,
  city,
  country,
  countryCode
})
const LEKKI = ref('lekki-phase-1', 'Lekki Phase 1', 'Lagos', 'Nigeria', 'NG')
const COMPARED = [
  LEKKI,
  ref('ikoyi', 'Ikoyi', 'Lagos', 'Nigeria', 'NG'),
  ref('maitama', 'Maitama', 'Abuja', 'Nigeria', 'NG'),
  ref('yaba', 'Yaba', 'Lagos', 'Nigeria', 'NG'),
  ref('gra-phase-2', 'GRA Phase 2', 'Port Harcourt', 'Nigeria', 'NG')
]
const SAVED = [LEKKI, ref('east-legon', 'East Legon', 'Accra', 'Ghana', 'GH')]

interface Screen {
  name: string
  hash: string
  /** Visible once the screen has its content. */
  ready: (page: Page) => ReturnType<Page['locator']>
  act?: (page: Page) => Promise<void>
}

const scrollToBottom = async (page: Page): Promise<void> => {
  await page.locator('.app-main').evaluate((main) => main.scrollTo(0, main.scrollHeight))
}

const SCREENS: Screen[] = [
  {
    name: 'explore',
    hash: '#/explore/residential',
    ready: (page) => page.getByTestId('location-listbox').getByRole('option').first()
  },
  {
    name: 'explore-search',
    hash: '#/explore/residential',
    ready: (page) => page.getByTestId('location-listbox').getByRole('option').first(),
    act: (page) => page.getByTestId('location-search').fill('lag')
  },
  {
    name: 'location',
    hash: '#/location/residential/NG/lekki-phase-1',
    ready: (page) => page.locator('tr[data-beds="2"] .cell-value').first()
  },
  {
    name: 'location-bottom',
    hash: '#/location/residential/NG/lekki-phase-1',
    ready: (page) => page.getByTestId('growth-chart'),
    act: scrollToBottom
  },
  {
    name: 'location-land',
    hash: '#/location/land/NG/lekki-phase-1',
    ready: (page) => page.getByTestId('location-name')
  },
  {
    name: 'compare',
    hash: '#/compare',
    ready: (page) => page.getByTestId('compare-table').getByText('GRA Phase 2')
  },
  { name: 'saved', hash: '#/saved', ready: (page) => page.getByTestId('screen-saved') },
  { name: 'settings', hash: '#/settings', ready: (page) => page.getByTestId('screen-settings') },
  {
    name: 'settings-bottom',
    hash: '#/settings',
    ready: (page) => page.getByTestId('screen-settings'),
    act: scrollToBottom
  }
]

test('every screen shows its content in light and dark', async ({ app }) => {
  const { page } = app
  await page.addInitScript(
    ([compare, saved]) => {
      if (localStorage.getItem('me.compare') !== null) return
      localStorage.setItem('me.compare', compare)
      localStorage.setItem('me.saved', saved)
    },
    [JSON.stringify(COMPARED), JSON.stringify(SAVED)] as const
  )
  await app.open()
  for (const screen of SCREENS) {
    await page.goto(`${app.url}${screen.hash}`)
    await expect(screen.ready(page)).toBeVisible()
    await screen.act?.(page)
    await screenshotBothThemes(page, `screen-${screen.name}`)
  }
})

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { _electron as electron, expect, test } from '@playwright/test'
import type {} from '@shared/market-global'
import { ROOT } from '../harness/paths'

test('the Electron app starts on demo data, opens a location and keeps the key out of the page', async () => {
  const userDataDir = mkdtempSync(join(tmpdir(), 'market-electron-'))
  const app = await electron.launch({
    args: [join(ROOT, 'out/main/index.js')],
    env: { ...process.env, MARKET_EXPLORER_USER_DATA: userDataDir }
  })
  try {
    const page = await app.firstWindow()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
    expect(
      await page.evaluate(() => typeof (window as unknown as { require?: unknown }).require)
    ).toBe('undefined')
    expect(await page.evaluate(() => Object.keys(window.market).sort())).toContain(
      'getResidentialPrice'
    )
    await page.keyboard.press('Control+k')
    await page.keyboard.type('lekk')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('location-name')).toHaveText('Lekki Phase 1')
    await expect(page.getByTestId('price-matrix')).toContainText('NGN')
    await expect(page.getByTestId('growth-chart')).toBeVisible()
    expect(errors).toEqual([])
  } finally {
    await app.close()
    rmSync(userDataDir, { recursive: true, force: true })
  }
})

import { startService } from '../../src/service'
import { expect, test } from '../harness/fixtures'
import { dumpRendererState } from '../harness/secrets'

const RIGHT_KEY = 'e2e-right-key-5f1c0a9d'
const WRONG_KEY = 'e2e-wrong-key-83b2e7c4'

test('remote service: wrong key reports AUTH, right key loads data, the key is nowhere in the renderer', async ({
  app
}) => {
  const service = await startService({ apiKey: RIGHT_KEY })
  try {
    const { page } = app
    await app.open()
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('base-url-input').fill(service.baseUrl)
    await page.getByTestId('base-url-save').click()
    await expect
      .poll(async () => {
        const settings = await app.handlers.getSettings()
        return settings.ok ? settings.data.baseUrl : ''
      })
      .toBe(service.baseUrl)
    // The radio reflects saved settings, so it turns on once the update has gone through main.
    await page.getByRole('radio', { name: 'Your service' }).click()
    await expect(page.getByRole('radio', { name: 'Your service' })).toBeChecked()

    await page.getByTestId('api-key-input').fill(WRONG_KEY)
    await page.getByTestId('api-key-save').click()
    await expect(page.getByTestId('api-key-input')).toHaveValue('')
    await page.getByTestId('test-connection').click()
    await expect(page.getByTestId('test-connection-result')).toContainText('AUTH')

    await page.getByTestId('api-key-input').fill(RIGHT_KEY)
    await page.getByTestId('api-key-save').click()
    await page.getByTestId('test-connection').click()
    await expect(page.getByTestId('test-connection-result')).not.toContainText('AUTH')
    await expect(page.getByTestId('status-connection')).toContainText('127.0.0.1')

    await page.getByTestId('nav-explore').click()
    await page.getByTestId('location-search').fill('ikoyi')
    await page.getByTestId('location-listbox').getByRole('option', { name: /Ikoyi/ }).click()
    const price = await app.handlers.getResidentialPrice({
      location: 'ikoyi',
      countryCode: 'NG',
      type: 'sale',
      beds: '3'
    })
    if (!price.ok) throw new Error(`remote lookup failed: ${price.error.message}`)
    expect(price.meta?.source).toBe('remote')
    await expect(page.locator('tr[data-beds="3"]')).toContainText(
      price.data.price.toLocaleString('en-US')
    )

    await page.reload()
    await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
    const state = await dumpRendererState(page)
    const logs = JSON.stringify(app.logLines)
    const consoleOutput = app.consoleLines.join('\n')
    for (const key of [RIGHT_KEY, WRONG_KEY]) {
      expect(state.includes(key), 'key in DOM, globals, localStorage or IndexedDB').toBe(false)
      expect(consoleOutput.includes(key), 'key in console output').toBe(false)
      expect(logs.includes(key), 'key in main-process log lines').toBe(false)
    }
    expect(state).toContain('ikoyi')
  } finally {
    await service.close()
  }
})

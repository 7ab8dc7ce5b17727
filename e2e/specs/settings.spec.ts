import { startService } from '../../src/service'
import { expect, test } from '../harness/fixtures'

const TYPED_KEY = 'e2e-typed-key-2c9d41e7'

test('Test connection in Settings tests what is typed, saves nothing, and never says "Open Settings"', async ({
  app
}) => {
  const service = await startService({ apiKey: TYPED_KEY })
  try {
    const { page, handlers } = app
    await app.open()
    await page.getByTestId('nav-settings').click()
    await page.getByRole('radio', { name: 'Your service' }).click()
    await expect(page.getByRole('radio', { name: 'Your service' })).toBeChecked()

    await page.getByTestId('base-url-input').fill(service.baseUrl)
    await page.getByTestId('test-connection').click()
    const result = page.getByTestId('test-connection-result')
    await expect(result).toContainText('NOT_CONFIGURED')
    await expect(result).toContainText('your API key above')
    await expect(page.getByTestId('screen-settings')).not.toContainText(/open settings/i)
    await expect(page.getByRole('button', { name: /open settings/i })).toHaveCount(0)

    await page.getByTestId('api-key-input').fill(TYPED_KEY)
    await page.getByTestId('test-connection').click()
    const host = new URL(service.baseUrl).host
    await expect(result).toContainText(`Connected to ${host}`)
    await expect(result).not.toContainText('NOT_CONFIGURED')

    const settings = await handlers.getSettings()
    expect(settings.ok && settings.data.baseUrl).toBe('')
    const key = await handlers.getKeyStatus()
    expect(key.ok && key.data.hasKey).toBe(false)
    await expect(page.getByTestId('api-key-status')).toHaveText('No key saved')
    await expect(page.getByTestId('status-connection')).toContainText('not set up')
  } finally {
    await service.close()
  }
})

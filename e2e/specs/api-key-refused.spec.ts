import { expect, test } from '../harness/fixtures'
import { screenshotBothThemes } from '../harness/screenshots'

test('settings: a key too short or with characters that cannot be sent is refused, saying why, and the draft is kept', async ({
  app
}) => {
  const { page } = app
  await app.open()
  await page.getByTestId('nav-settings').click()
  const input = page.getByTestId('api-key-input')

  await input.fill('abc')
  await page.getByTestId('api-key-save').click()
  await expect(page.getByTestId('field-error')).toContainText(
    'The API key is too short: keys have at least 8 characters'
  )
  await expect(input).toHaveValue('abc')

  await input.fill('sk-live-clé-123456')
  await page.getByTestId('api-key-save').click()
  await expect(page.getByTestId('field-error')).toContainText(
    'contains a character that cannot be sent'
  )
  await expect(input).toHaveValue('sk-live-clé-123456')
  await expect(page.getByTestId('api-key-status')).toContainText('No key saved')
  const status = await app.handlers.getKeyStatus()
  expect(status.ok && status.data.hasKey).toBe(false)
  await screenshotBothThemes(page, 'settings-key-refused')

  await input.fill('sk-live-good-key-123')
  await page.getByTestId('api-key-save').click()
  await expect(input).toHaveValue('')
  await expect(page.getByTestId('api-key-status')).toContainText('A key is saved')
})

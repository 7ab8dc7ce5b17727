import { expect, test } from '../harness/fixtures'

test('the built renderer starts on demo data with window.market behind the real handlers', async ({
  app
}) => {
  await app.open()
  await expect(app.page.getByTestId('status-connection')).toContainText(/demo/i)
  await expect(app.page.getByTestId('location-listbox').getByRole('option').first()).toBeVisible()
})

import { defineConfig } from '@playwright/test'

/** The same journeys in the real Electron app (needs the Electron binary: npm run test:electron). */
export default defineConfig({
  testDir: 'e2e/electron',
  testMatch: '*.electron.spec.ts',
  outputDir: 'test-results/electron',
  workers: 1,
  timeout: 60_000,
  reporter: [['list']]
})

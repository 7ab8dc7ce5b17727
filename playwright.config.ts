import { defineConfig } from '@playwright/test'

/** Browser e2e: the built renderer in Debian Chromium with the real handlers behind window.market. */
export default defineConfig({
  testDir: 'e2e/specs',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env['CI'] ? [['list']] : [['list']],
  globalSetup: './e2e/harness/global-setup.ts',
  globalTeardown: './e2e/harness/global-teardown.ts',
  use: {
    viewport: { width: 1280, height: 820 },
    trace: 'off'
  }
})

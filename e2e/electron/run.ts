/**
 * npm run test:electron — runs the Electron specs where the Electron binary is installed, and says
 * so in one line (exit 0) where it is not (ELECTRON_SKIP_BINARY_DOWNLOAD installs).
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'

function electronBinary(): string | undefined {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown
    return typeof path === 'string' && existsSync(path) ? path : undefined
  } catch {
    return undefined
  }
}

if (!electronBinary()) {
  console.log(
    'Electron binary not installed (ELECTRON_SKIP_BINARY_DOWNLOAD): skipping the Electron e2e specs; the same journeys run in Chromium via npm run test:e2e.'
  )
  process.exit(0)
}
const build = spawnSync('npx', ['electron-vite', 'build'], { stdio: 'inherit' })
if (build.status !== 0) process.exit(build.status ?? 1)
const run = spawnSync('npx', ['playwright', 'test', '-c', 'playwright.electron.config.ts'], {
  stdio: 'inherit'
})
process.exit(run.status ?? 1)

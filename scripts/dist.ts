/**
 * `npm run dist`: builds the app and packages it with electron-builder (electron-builder.json):
 * AppImage + deb on Linux, an NSIS installer on Windows, a dmg on macOS, in dist/. Without the
 * Electron binary it prints one line and exits 1.
 *
 *   tsx scripts/dist.ts [electron-builder options, e.g. --linux deb]
 */
import { spawnSync } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { findElectronBinary, missingForDist } from './electron-binary'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

const binary = findElectronBinary()
if (!binary.found) {
  console.error(missingForDist(binary.why))
  process.exit(1)
}

const run = (script: string, args: readonly string[]): void => {
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules', script), ...args], {
    cwd: ROOT,
    stdio: 'inherit'
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

run('electron-vite/bin/electron-vite.js', ['build'])
run('electron-builder/cli.js', ['--config', 'electron-builder.json', ...process.argv.slice(2)])

/**
 * `npm start` and `npm run dev`: checks the Electron binary is installed, then runs electron-vite
 * (`preview` or `dev`). Without the binary it prints one paragraph and exits 1, no stack trace.
 *
 *   tsx scripts/launch.ts preview|dev [electron-vite options]
 */
import { spawn } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { findElectronBinary, missingForStart } from './electron-binary'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const [command, ...rest] = process.argv.slice(2)

if (command !== 'preview' && command !== 'dev') {
  console.error('Usage: tsx scripts/launch.ts preview|dev [electron-vite options]')
  process.exit(2)
}

const binary = findElectronBinary()
if (!binary.found) {
  console.error(missingForStart(binary.why))
  process.exit(1)
}

const electronVite = join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js')
const child = spawn(process.execPath, [electronVite, command, ...rest], {
  cwd: ROOT,
  stdio: 'inherit'
})
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal))
}

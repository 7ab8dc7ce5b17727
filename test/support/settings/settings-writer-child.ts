/**
 * Writes settings.json over and over (one change after another) until it is killed, so a test can
 * SIGKILL it mid-write. Prints "writing" once the first change is saved; stops by itself after
 * 30 s so it can never outlive a test. Usage: node --import tsx settings-writer-child.ts <folder>
 */
import { createSettingsStore } from '../../../src/main/settings/settings-store'

const SELF_LIMIT_MS = 30_000
const [directory] = process.argv.slice(2)
if (directory === undefined) throw new Error('usage: settings-writer-child.ts <folder>')
const store = createSettingsStore({ directory })
const started = Date.now()
for (let change = 0; Date.now() - started < SELF_LIMIT_MS; change += 1) {
  store.update({
    theme: change % 2 === 0 ? 'dark' : 'light',
    timeouts: { connectMs: 1_000 + change }
  })
  if (change === 0) process.stdout.write('writing\n')
}

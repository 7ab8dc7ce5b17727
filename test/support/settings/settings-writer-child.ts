/**
 * Writes settings.json over and over (one change after another) until it is killed, so a test can
 * SIGKILL it mid-write. Prints "writing" once the first change is saved; stops by itself after
 * 30 s so it can never outlive a test. With --hold-before-rename, the second write stops after
 * its temp file is written and before conf renames it over settings.json, and prints "held": a
 * kill then always lands in that window.
 * Usage: node --import tsx settings-writer-child.ts <folder> [--hold-before-rename]
 */
import fs from 'node:fs'

const SELF_LIMIT_MS = 30_000
const [directory, mode] = process.argv.slice(2)
if (directory === undefined) throw new Error('usage: settings-writer-child.ts <folder>')

if (mode === '--hold-before-rename') {
  // Patched before conf (through atomically and stubborn-fs) takes its reference to renameSync.
  const rename = fs.renameSync
  let renames = 0
  fs.renameSync = (from, to) => {
    renames += 1
    if (renames === 2 && String(from).includes('.tmp')) {
      process.stdout.write('held\n')
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, SELF_LIMIT_MS)
    }
    rename(from, to)
  }
}

const { createSettingsStore } = await import('../../../src/main/settings/settings-store')
const store = createSettingsStore({ directory })
const started = Date.now()
for (let change = 0; Date.now() - started < SELF_LIMIT_MS; change += 1) {
  store.update({
    theme: change % 2 === 0 ? 'dark' : 'light',
    timeouts: { connectMs: 1_000 + change }
  })
  if (change === 0) process.stdout.write('writing\n')
}

/**
 * Opens the settings store in its own process and prints what it found as one JSON line, so a
 * test can bound a start-up that might hang (a FIFO) or eat memory (/dev/zero) with a timeout
 * and a memory limit. Usage: node --import tsx open-store-child.ts <directory> [update as JSON]
 */
import { createSettingsStore } from '../../../src/main/settings/settings-store'

const [directory, patch] = process.argv.slice(2)
if (directory === undefined) throw new Error('usage: open-store-child.ts <directory> [update]')
const store = createSettingsStore({ directory })
const update = patch === undefined ? undefined : store.update(JSON.parse(patch) as never)
process.stdout.write(
  `${JSON.stringify({ notices: store.notices(), settings: store.get(), update })}\n`
)

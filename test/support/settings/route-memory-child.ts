/**
 * Opens the CLI's route memory in its own process, recalls and remembers one layout, and prints
 * what happened as one JSON line with the process's peak memory, so a test can bound a start-up
 * that might hang (a FIFO) or eat memory (/dev/zero, a huge file) with a timeout and a memory cap.
 * Usage: node --import tsx route-memory-child.ts <config folder>
 */
import { specLayout } from '@shared/settings'
import { openRouteMemory } from '../../../src/cli/route-memory'

const BASE_URL = 'https://api.example.com/v1'
const [directory] = process.argv.slice(2)
if (directory === undefined) throw new Error('usage: route-memory-child.ts <config folder>')
const memory = openRouteMemory(directory)
const recalled = memory.recall(BASE_URL) !== undefined
memory.remember(BASE_URL, specLayout('both'))
process.stdout.write(
  `${JSON.stringify({
    recalled,
    maxRssMiB: process.resourceUsage().maxRSS / 1024
  })}\n`
)

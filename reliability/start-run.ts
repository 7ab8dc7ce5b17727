/** First step of `npm run test:reliability`: clears earlier results and stamps the run's start. */
import { startRun } from './lib/results'

const run = await startRun()
process.stdout.write(
  `reliability run started ${run.startedAt} at ${run.tree.commit.slice(0, 12)}${run.tree.dirty ? ' (uncommitted changes)' : ''}\n`
)

/**
 * `npm run cli` starts here: plain Node that loads the TypeScript CLI (index.ts) through tsx.
 * tsx keeps a transform cache in the temp folder and dies with a stack trace when it cannot
 * create it; a one-off command needs no disk, so with an unusable temp folder the cache is
 * switched off (a slower start, the same answer).
 */
import { mkdirSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import process from 'node:process'

/** Creates the folder tsx would create for its cache (tmpdir/tsx-<euid>), as tsx itself does. */
function tsxCacheUsable() {
  try {
    const owner = process.geteuid ? process.geteuid() : userInfo().username
    mkdirSync(join(tmpdir(), `tsx-${owner}`), { recursive: true })
    return true
  } catch {
    return false
  }
}

if (!tsxCacheUsable()) process.env.TSX_DISABLE_CACHE = '1'
const { register } = await import('tsx/esm/api')
// The repo's tsconfig (its @shared/* alias) wherever the command is run from.
register({ tsconfig: join(import.meta.dirname, '../../tsconfig.json') })
await import('./index.ts')

/**
 * Builds the walk (esbuild: the walk, the stand-in `electron` and the resolve hook, each one ESM
 * file) and runs it in its own plain Node process against an app laid out on disk.
 */
import { spawn } from 'node:child_process'
import { join, resolve } from 'node:path'
import { build } from 'esbuild'
import type { WalkConfig } from './walk/config'
import type { WalkReport } from './walk/report'
import { EXIT_PREFIX, REPORT_PREFIX } from './walk/prefixes'

const HERE = import.meta.dirname
const ROOT = resolve(HERE, '../..')

export interface WalkExit {
  /** Node exited by itself: nothing was left open. */
  drained: boolean
  /** From the app's `quit` to the exit report. */
  afterQuitMs: number
  unhandled: string[]
  stillOpen?: string[]
}

export interface WalkRun {
  exitCode: number | null
  report?: WalkReport
  exit?: WalkExit
  /** main's log lines (JSON, one per line) and anything else on stderr. */
  stderr: string
  stdout: string
}

/** Bundles the walk into `outDir`; returns the file to run. */
export async function buildWalk(outDir: string): Promise<string> {
  await build({
    entryPoints: {
      walk: join(HERE, 'walk/index.ts'),
      electron: join(HERE, 'stand-in/electron.ts'),
      'resolve-electron': join(HERE, 'resolve-electron.ts')
    },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['electron'],
    tsconfig: join(ROOT, 'tsconfig.json'),
    logLevel: 'warning'
  })
  return join(outDir, 'walk.mjs')
}

/** Runs the walk; kills it (and fails) after `hardBoundMs`. */
export function runWalk(
  walkFile: string,
  config: WalkConfig,
  hardBoundMs: number
): Promise<WalkRun> {
  // What would change main's behaviour or this process's is not part of a user's launch.
  const {
    MARKET_EXPLORER_USER_DATA: _userData,
    ELECTRON_RENDERER_URL: _devServer,
    NODE_OPTIONS: _nodeOptions,
    ...env
  } = process.env
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [walkFile, JSON.stringify(config)], {
      cwd: config.appPath,
      env,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      fail(new Error(`the walk ran over ${hardBoundMs} ms and was killed\n${stdout}\n${stderr}`))
    }, hardBoundMs)
    child.on('error', fail)
    child.on('close', (exitCode) => {
      clearTimeout(timer)
      const line = (prefix: string) =>
        stdout
          .split('\n')
          .find((text) => text.startsWith(prefix))
          ?.slice(prefix.length)
      const report = line(REPORT_PREFIX)
      const exit = line(EXIT_PREFIX)
      done({
        exitCode,
        ...(report ? { report: JSON.parse(report) as WalkReport } : {}),
        ...(exit ? { exit: JSON.parse(exit) as WalkExit } : {}),
        stdout,
        stderr
      })
    })
  })
}

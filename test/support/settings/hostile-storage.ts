/**
 * What an unlucky or hostile machine can put where settings.json should be, for the settings
 * tests, the CLI's route memory and the reliability suite: a FIFO, symlinks, a read-only folder,
 * and a store or route memory opened in a child process bounded in time and memory (a regression there must fail a test, not hang the
 * runner or eat the machine's memory).
 */
import { execFile, execFileSync, spawn } from 'node:child_process'
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Settings } from '@shared/settings'
import type { Result } from '@shared/result'

const REPO_ROOT = resolve(import.meta.dirname, '../../..')
/** Data memory for the child (KiB): enough for node + tsx's esbuild, far below the machine's. */
const CHILD_MEMORY_KIB = 1_500_000

export interface ChildRun<Answer> {
  /** Null when the child was killed (timeout or memory) or printed nothing usable. */
  answer: Answer | null
  exitCode: number | null
  signal: string | null
  stderr: string
}

export type ChildStore = ChildRun<{
  notices: string[]
  settings: Settings
  update?: Result<Settings>
}>

export type ChildRoutes = ChildRun<{ recalled: boolean; maxRssMiB: number }>

/** Runs a TypeScript script of this folder in a child bounded in memory; killed after `timeoutMs`. */
function runChild<Answer>(
  script: string,
  args: string[],
  timeoutMs: number
): Promise<ChildRun<Answer>> {
  return new Promise((resolveChild) => {
    execFile(
      'sh',
      [
        '-c',
        `ulimit -d ${CHILD_MEMORY_KIB}; exec "$0" "$@"`,
        process.execPath,
        '--import',
        'tsx',
        resolve(import.meta.dirname, script),
        ...args
      ],
      { cwd: REPO_ROOT, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        let answer: Answer | null = null
        try {
          answer = JSON.parse(stdout.trim().split('\n').pop() ?? '') as Answer
        } catch {
          answer = null
        }
        resolveChild({
          answer,
          exitCode: typeof error?.code === 'number' ? error.code : error ? null : 0,
          signal: error?.signal ?? null,
          stderr
        })
      }
    )
  })
}

/** Opens the settings store for `directory` in a child process; killed after `timeoutMs`. */
export function openStoreInChild(
  directory: string,
  options: { timeoutMs: number; update?: Partial<Settings> }
): Promise<ChildStore> {
  const update = options.update ? [JSON.stringify(options.update)] : []
  return runChild('open-store-child.ts', [directory, ...update], options.timeoutMs)
}

/** Opens the CLI's route memory in `directory` in a child process, remembering one layout. */
export function openRoutesInChild(directory: string, timeoutMs: number): Promise<ChildRoutes> {
  return runChild('route-memory-child.ts', [directory], timeoutMs)
}

export function makeFifo(path: string): void {
  execFileSync('mkfifo', [path])
}

const NOBODY = 65_534

/**
 * Runs `work` (synchronous, so nothing else runs meanwhile) as an unprivileged user: root ignores
 * file modes, so as root the effective uid is dropped to nobody and restored afterwards.
 */
export function asUnprivileged<T>(work: () => T): T {
  const seteuid = process.seteuid?.bind(process)
  if (process.getuid?.() !== 0 || seteuid === undefined) return work()
  seteuid(NOBODY)
  try {
    return work()
  } finally {
    seteuid(0)
  }
}

/**
 * Creates `<base>/user-data` holding `files`, then makes it read-only. `base` must be the test's
 * own temporary folder: it is made passable (0755) so the unprivileged user can reach inside.
 */
export function readOnlyFolderIn(base: string, files: Record<string, string> = {}): string {
  const folder = join(base, 'user-data')
  mkdirSync(folder)
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(folder, name), text, { mode: 0o644 })
  }
  chmodSync(base, 0o755)
  chmodSync(folder, 0o555)
  return folder
}

/** Lets the test remove what readOnlyFolderIn made. */
export function makeWritableAgain(folder: string): void {
  chmodSync(folder, 0o755)
}

/**
 * Starts a child that rewrites settings.json in `directory` without pause and SIGKILLs it after
 * `killAfterMs` of writing (or at `timeoutMs` if it never starts); resolves once it is gone.
 * `holdBeforeRename` instead: the child holds its second write between the temp file and the
 * rename, and is killed there (the kill always leaves a temp file).
 */
export function killWriterMidWrite(
  directory: string,
  options: { timeoutMs: number } & ({ killAfterMs: number } | { holdBeforeRename: true })
): Promise<{ wrote: boolean; held: boolean }> {
  const script = resolve(import.meta.dirname, 'settings-writer-child.ts')
  const killAfterMs = 'killAfterMs' in options ? options.killAfterMs : undefined
  const args = killAfterMs === undefined ? [directory, '--hold-before-rename'] : [directory]
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'ignore']
  })
  let wrote = false
  let held = false
  const killer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs)
  let printed = ''
  child.stdout.on('data', (chunk: Buffer) => {
    printed += chunk.toString()
    if (!wrote && printed.includes('writing')) {
      wrote = true
      if (killAfterMs !== undefined) setTimeout(() => child.kill('SIGKILL'), killAfterMs)
    }
    if (!held && printed.includes('held')) {
      held = true
      wrote = true
      child.kill('SIGKILL')
    }
  })
  return new Promise((done) =>
    child.on('exit', () => {
      clearTimeout(killer)
      done({ wrote, held })
    })
  )
}

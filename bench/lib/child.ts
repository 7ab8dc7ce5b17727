/** Starts a bench helper script in its own Node process and reads the JSON line it prints. */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { createInterface } from 'node:readline'

export interface BenchChild<T> {
  info: T
  stop(): void
}

export async function startChild<T>(script: string, args: string[] = []): Promise<BenchChild<T>> {
  const tsxCli = createRequire(import.meta.url).resolve('tsx/cli')
  const child: ChildProcess = spawn(process.execPath, [tsxCli, script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit']
  })
  if (!child.stdout) throw new Error(`${script} has no stdout`)
  for await (const line of createInterface({ input: child.stdout })) {
    return { info: JSON.parse(String(line)) as T, stop: () => child.kill('SIGTERM') }
  }
  throw new Error(`${script} exited before printing its JSON line`)
}

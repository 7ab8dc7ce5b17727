/**
 * The embedded service in its own process (service-child.ts), started with --expose-gc and, when
 * asked, a constrained heap and a synthetic dataset; reads its memory and answer-cache figures.
 */
import { fork } from 'node:child_process'
import { once } from 'node:events'

export interface ChildMemory {
  usage: NodeJS.MemoryUsage
  cache: { entries: number; bytes: number; maxBytes: number; evicted: number }
}

export interface ForkedService {
  baseUrl: string
  /** Distinct valid paths with small answers (as many as asked for). */
  paths: string[]
  /** Heap after a GC, and the answer cache's figures. */
  memory(): Promise<ChildMemory>
  /** How the child ended, if it has, with the end of its stderr. */
  exit(): { code: number | null; signal: string | null; stderr: string } | undefined
  stop(): void
}

export async function startForkedService(options: {
  key: string
  /** Synthetic locations; default the bundled dataset. */
  locations?: number
  /** How many small-answer paths to list. */
  paths?: number
  heapLimitMb?: number
}): Promise<ForkedService> {
  const child = fork('reliability/support/service-child.ts', [], {
    execArgv: [
      ...(options.heapLimitMb ? [`--max-old-space-size=${options.heapLimitMb}`] : []),
      '--expose-gc',
      '--import',
      'tsx'
    ],
    env: {
      ...process.env,
      SERVICE_CHILD_KEY: options.key,
      SERVICE_CHILD_LOCATIONS: String(options.locations ?? 0),
      SERVICE_CHILD_PATHS: String(options.paths ?? 0)
    },
    stdio: ['ignore', 'inherit', 'pipe', 'ipc']
  })
  let stderrTail = ''
  let exited: { code: number | null; signal: string | null } | undefined
  child.stderr?.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString()).slice(-2_000)
  })
  child.once('exit', (code, signal) => (exited = { code, signal }))
  const [ready] = (await once(child, 'message')) as [{ baseUrl: string; paths: string[] }]
  return {
    baseUrl: ready.baseUrl,
    paths: ready.paths,
    async memory() {
      const answer = once(child, 'message') as Promise<[ChildMemory & { gc: boolean }]>
      child.send('memory')
      const [message] = await answer
      if (!message.gc) throw new Error('the service child was started without --expose-gc')
      return message
    },
    exit: () => (exited ? { ...exited, stderr: stderrTail } : undefined),
    stop() {
      if (child.connected) child.disconnect()
    }
  }
}

/**
 * Parent side of hardened-service-child.ts: starts the service on a synthetic dataset in its own
 * process under a constrained heap, reads its memory and cache figures, and builds /locations
 * requests that vary only in what must not make a new cache entry.
 */
import { fork } from 'node:child_process'
import { once } from 'node:events'
import type { LoadRequest } from './distinct-load'

export interface ChildMemory {
  usage: NodeJS.MemoryUsage
  cache: { entries: number; bytes: number; maxBytes: number; evicted: number }
}

export interface HardenedService {
  baseUrl: string
  /** Distinct valid paths with small answers. */
  paths: string[]
  /** Heap after a GC, and the answer cache's figures. */
  memory(): Promise<ChildMemory>
  /** How the child ended, if it has, with the end of its stderr. */
  exit(): { code: number | null; signal: string | null; stderr: string } | undefined
  stop(): void
}

export async function startHardenedService(options: {
  key: string
  locations: number
  paths: number
  heapLimitMb: number
}): Promise<HardenedService> {
  const child = fork('reliability/support/hardened-service-child.ts', [], {
    execArgv: [`--max-old-space-size=${options.heapLimitMb}`, '--expose-gc', '--import', 'tsx'],
    env: {
      ...process.env,
      HARDENING_KEY: options.key,
      HARDENING_LOCATIONS: String(options.locations),
      HARDENING_PATHS: String(options.paths)
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

/**
 * The index-th variation of /locations: sector land or residential (some in capitals), in the
 * query (unknown parameters around it, either order, with or without /v1) or in a JSON body.
 * Every variation of a sector must get the same answer as the first one seen (kept in `first`).
 */
export function locationsVariant(index: number, first: Map<string, string>): LoadRequest {
  const sector = index % 2 === 0 ? 'land' : 'residential'
  const prefix = index % 3 === 0 ? '/v1' : ''
  const inBody = index % 5 === 0
  const params = [
    `v${index}=${index}`,
    `sector=${index % 7 === 0 ? sector.toUpperCase() : sector}`,
    `z=${index}`
  ]
  if (index % 2 === 1) params.reverse()
  return {
    path: inBody ? `${prefix}/locations?n=${index}` : `${prefix}/locations?${params.join('&')}`,
    ...(inBody ? { body: JSON.stringify({ sector, n: index }) } : {}),
    check(status, body) {
      if (status !== 200) return `status ${status}`
      const seen = first.get(sector)
      if (seen === undefined) {
        if (!body.startsWith('{"success":true')) return 'not a success envelope'
        first.set(sector, body)
        return undefined
      }
      return body === seen ? undefined : `a different answer (${body.length} vs ${seen.length})`
    }
  }
}

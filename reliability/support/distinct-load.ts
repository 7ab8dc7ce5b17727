/**
 * Many distinct requests to one service at a fixed concurrency over an undici Pool, each answer
 * checked by the caller. Bounded: every request has a timeout, the queue is fixed up front. Also
 * the /locations requests that vary only in what must not make a new cache entry.
 */
import { Pool } from 'undici'

export interface LoadRequest {
  path: string
  body?: string
  /** Checks the answer; returns a problem, or undefined when it is right. */
  check(status: number, body: string): string | undefined
}

export interface LoadOutcome {
  tried: number
  passed: number
  transportErrors: number
  problems: string[]
}

export async function runDistinctLoad(
  baseUrl: string,
  key: string,
  requests: readonly LoadRequest[],
  connections: number
): Promise<LoadOutcome> {
  const pool = new Pool(baseUrl, { connections, headersTimeout: 60_000, bodyTimeout: 60_000 })
  const outcome: LoadOutcome = { tried: 0, passed: 0, transportErrors: 0, problems: [] }
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < requests.length) {
      const item = requests[next] as LoadRequest
      next += 1
      outcome.tried += 1
      try {
        const response = await pool.request({
          method: 'GET',
          path: item.path,
          headers: {
            'api-key': key,
            ...(item.body ? { 'content-type': 'application/json' } : {})
          },
          ...(item.body ? { body: item.body } : {})
        })
        const problem = item.check(response.statusCode, await response.body.text())
        if (problem === undefined) outcome.passed += 1
        else if (outcome.problems.length < 3) outcome.problems.push(`${item.path}: ${problem}`)
      } catch (error) {
        outcome.transportErrors += 1
        if (outcome.problems.length < 3) outcome.problems.push(`${item.path}: ${String(error)}`)
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: connections }, worker))
  } finally {
    await pool.destroy()
  }
  return outcome
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

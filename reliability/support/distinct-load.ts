/**
 * Many distinct requests to one service at a fixed concurrency over an undici Pool, each answer
 * checked by the caller. Bounded: every request has a timeout, the queue is fixed up front.
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

import type { Result } from '@shared/result'

/** The data of an ok Result; a failed one throws, naming its code and message. */
export function expectOk<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`)
  return result.data
}

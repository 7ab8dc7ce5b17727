import { isNoDataAnswer } from '../offline-cache/cache-record'

/**
 * Refetches queries: true when every one answered. "No data" (NOT_FOUND) is an answer, not a
 * failure of the refresh; why one failed is said by the screen's own notice (ServiceNotice).
 */
export async function refetchAll(
  refetchers: ReadonlyArray<() => Promise<{ error: unknown }>>
): Promise<boolean> {
  const results = await Promise.all(refetchers.map((refetch) => refetch()))
  return results.every(({ error }) => !error || isNoDataAnswer(error))
}

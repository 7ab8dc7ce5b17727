/**
 * The dataset never changes while the service runs, so the serialised answer to a request depends
 * only on its route and its recognised parameters: the key is the route and their raw values, in
 * a fixed order, so unknown parameters, their order, /v1 and query versus JSON body do not make a
 * new key, and a cache hit costs no parsing. Answers are kept in least-recently-used order
 * (lru-cache) under a bound in bytes: one answer can be megabytes (/locations on a 50k-location
 * dataset), so a bound in entries does not bound memory.
 */
import { LRUCache } from 'lru-cache'
import type { RawParams } from './params'

export interface CachedAnswer {
  status: number
  body: string
}

export type AnswerCache = ReturnType<typeof createAnswerCache>

const MiB = 1024 * 1024
export const DEFAULT_ANSWER_CACHE_LIMITS = {
  /** Total size of the kept answers and their keys. */
  maxBytes: 64 * MiB,
  /** An answer bigger than this is served but not kept. */
  maxEntryBytes: 16 * MiB
}

/** V8 holds a string in one or two bytes a UTF-16 unit: count the upper bound. */
const sizeOf = (key: string, answer: CachedAnswer): number =>
  2 * (key.length + answer.body.length) + 64

export function createAnswerCache(limits = DEFAULT_ANSWER_CACHE_LIMITS) {
  let evicted = 0
  let tooBig = 0
  const entries = new LRUCache<string, CachedAnswer>({
    maxSize: limits.maxBytes,
    maxEntrySize: limits.maxEntryBytes,
    sizeCalculation: (answer, key) => sizeOf(key, answer),
    dispose: (_answer, _key, reason) => {
      if (reason === 'evict') evicted += 1
    }
  })
  return {
    get: (key: string): CachedAnswer | undefined => entries.get(key),
    set(key: string, answer: CachedAnswer): void {
      const size = sizeOf(key, answer)
      if (size > limits.maxEntryBytes || size > limits.maxBytes) {
        tooBig += 1
        entries.delete(key)
      } else entries.set(key, answer)
    },
    /** `evicted`: answers dropped to make room, `tooBig`: answers too big to keep, since the start. */
    stats: () => {
      const bytes = entries.calculatedSize
      return { entries: entries.size, bytes, maxBytes: limits.maxBytes, evicted, tooBig }
    }
  }
}

const SEPARATOR = '\u0000'

/**
 * The cache key for `params` on `path`, or undefined when a value is not plain text (a list or an
 * object: the parser refuses those anyway). Missing, null and '' are the same to the parser, and
 * so are a number or boolean from a JSON body and its text.
 */
export function answerCacheKey(
  path: string,
  names: readonly string[],
  params: RawParams
): string | undefined {
  let key = path
  for (const name of names) {
    const value = params[name] ?? ''
    if (!['string', 'number', 'boolean'].includes(typeof value)) return undefined
    const text = String(value)
    if (text.includes(SEPARATOR)) return undefined
    key += SEPARATOR + text
  }
  return key
}

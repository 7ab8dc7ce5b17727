/**
 * The dataset never changes while the service runs, so the serialised answer to a request depends
 * only on its route and its recognised parameters: the key is the route and their raw values, in
 * a fixed order, so unknown parameters, their order, /v1 and query versus JSON body do not make a
 * new key, and a cache hit costs no parsing. Answers are kept in least-recently-used order under a
 * bound in bytes: one answer can be megabytes (/locations on a 50k-location dataset), so a bound
 * in entries does not bound memory.
 */
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
  // A Map iterates in insertion order: re-inserting on every hit keeps the oldest use first.
  const entries = new Map<string, { answer: CachedAnswer; size: number }>()
  let bytes = 0
  let evicted = 0
  let tooBig = 0

  const remove = (key: string): void => {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.size
  }

  return {
    get(key: string): CachedAnswer | undefined {
      const entry = entries.get(key)
      if (!entry) return undefined
      entries.delete(key)
      entries.set(key, entry)
      return entry.answer
    },
    set(key: string, answer: CachedAnswer): void {
      remove(key)
      const size = sizeOf(key, answer)
      if (size > limits.maxEntryBytes || size > limits.maxBytes) {
        tooBig += 1
        return
      }
      while (bytes + size > limits.maxBytes) {
        const oldest = entries.keys().next()
        if (oldest.done) break
        remove(oldest.value)
        evicted += 1
      }
      entries.set(key, { answer, size })
      bytes += size
    },
    /** `evicted`: answers dropped to make room, `tooBig`: answers too big to keep, since the start. */
    stats: () => ({ entries: entries.size, bytes, maxBytes: limits.maxBytes, evicted, tooBig })
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

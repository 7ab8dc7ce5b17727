/**
 * The dataset never changes while the service runs, so the serialised answer to a bodyless GET
 * depends only on its URL: cache it (bounded; cleared when full, which is cheap and good enough
 * for a local demo service).
 */
export interface CachedAnswer {
  status: number
  body: string
}

export interface AnswerCache {
  get(url: string): CachedAnswer | undefined
  set(url: string, answer: CachedAnswer): void
}

export function createAnswerCache(maxEntries = 5_000): AnswerCache {
  const entries = new Map<string, CachedAnswer>()
  return {
    get: (url) => entries.get(url),
    set(url, answer) {
      if (entries.size >= maxEntries) entries.clear()
      entries.set(url, answer)
    }
  }
}

import { keyPattern } from './key-patterns'

const REDACTED = '[redacted]'
/** Stands in for structure nested deeper than MAX_DEPTH in errors and log fields. */
export const TOO_DEEP = '[nested too deep to show]'
const MAX_DEPTH = 64

/**
 * Keeps the API key out of what the app shows and logs (errors, log lines), in every encoding
 * key-patterns.ts knows. Data is never rewritten: `findIn` tells the client where a response
 * holds the key, and the client refuses such a response.
 */
export interface Redactor {
  text(value: string): string
  /**
   * The first `maxChars` of `value`, redacted: reads at most `maxChars` plus one key occurrence,
   * so its cost does not grow with `value`. An occurrence straddling the cut is redacted whole.
   */
  excerpt(value: string, maxChars: number): { text: string; cut: boolean }
  /** A copy of `value` with the key replaced in every string and object key (errors, log fields). */
  deep<T>(value: T): T
  /**
   * Where `value` (response data) holds the key in a string or an object key, as a path, or
   * undefined. Always undefined for keys too short to recognise (MIN_API_KEY_LENGTH).
   */
  findIn(value: unknown): PropertyKey[] | undefined
}

const NO_SECRET: Redactor = {
  text: (value) => value,
  excerpt: (value, maxChars) =>
    value.length <= maxChars
      ? { text: value, cut: false }
      : { text: value.slice(0, maxChars), cut: true },
  deep: (value) => value,
  findIn: () => undefined
}

interface Visit {
  value: unknown
  key: PropertyKey | undefined
  parent: Visit | undefined
}

function pathOf(visit: Visit): PropertyKey[] {
  const path: PropertyKey[] = []
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent)
    path.unshift(at.key)
  return path
}

export function createRedactor(secret: string | undefined): Redactor {
  if (!secret) return NO_SECRET
  const pattern = keyPattern(secret)
  const { global } = pattern
  const probe = new RegExp(global.source, global.flags.replace('g', ''))
  // V8 compiles a pattern at its first use and to machine code at its second; for these large
  // patterns each step takes tens of ms. Done now, while the first request is on the wire.
  setTimeout(() => {
    for (let run = 0; run < 2; run += 1) {
      probe.test('x')
      'x'.replace(global, '')
    }
  }, 0).unref()

  const text = (value: string): string => value.replace(global, REDACTED)

  const excerpt = (value: string, maxChars: number): { text: string; cut: boolean } => {
    if (value.length <= maxChars) return { text: text(value), cut: false }
    // Any occurrence starting before the cut ends within this window.
    const window = value.slice(0, maxChars + pattern.maxMatchLength)
    let out = ''
    let end = 0
    for (const match of window.matchAll(global)) {
      if (match.index >= maxChars) break
      out += window.slice(end, match.index) + REDACTED
      end = match.index + match[0].length
    }
    if (end < maxChars) out += window.slice(end, maxChars)
    return { text: out, cut: true }
  }

  const deep = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return text(value)
    if (typeof value !== 'object' || value === null) return value
    if (depth >= MAX_DEPTH) return TOO_DEEP
    if (Array.isArray(value)) return value.map((item: unknown) => deep(item, depth + 1))
    if (value instanceof Error) return text(`${value.name}: ${value.message}`)
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) out[text(key)] = deep(item, depth + 1)
    return out
  }

  /** Walks without recursion, so no nesting depth can hide a string from it. */
  const findIn = (value: unknown): PropertyKey[] | undefined => {
    if (!pattern.matchableInData) return undefined
    const stack: Visit[] = [{ value, key: undefined, parent: undefined }]
    for (let visit = stack.pop(); visit; visit = stack.pop()) {
      const item = visit.value
      if (typeof item === 'string') {
        if (probe.test(item)) return pathOf(visit)
      } else if (Array.isArray(item)) {
        for (let index = item.length - 1; index >= 0; index -= 1) {
          stack.push({ value: item[index] as unknown, key: index, parent: visit })
        }
      } else if (typeof item === 'object' && item !== null) {
        const entries = Object.entries(item)
        for (let index = entries.length - 1; index >= 0; index -= 1) {
          const [key, element] = entries[index] as [string, unknown]
          if (probe.test(key)) return [...pathOf(visit), key]
          stack.push({ value: element, key, parent: visit })
        }
      }
    }
    return undefined
  }

  return {
    text,
    excerpt,
    deep: <T>(value: T): T => deep(value, 0) as T,
    findIn
  }
}

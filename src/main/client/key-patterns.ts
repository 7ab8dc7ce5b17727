/**
 * The forms in which a service may echo the API key back, as one regular expression: each
 * character of the key raw (any case), percent-encoded (either hex case, `+` for a space),
 * HTML-escaped (named, decimal or hex entity) or JSON-escaped (`\"`, `\uXXXX`), in any mix; or the
 * key in base64 (standard or URL-safe, at any alignment inside a longer base64 text).
 */
import { MIN_API_KEY_LENGTH } from '@shared/api-key'

const HTML_NAMED: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;'
}
const JSON_SHORT: Readonly<Record<string, string>> = { '"': '\\"', '\\': '\\\\', '/': '\\/' }

/** Longest text one key character can be written as (`&#x0003c;`). */
const MAX_CHARS_PER_KEY_CHAR = 9

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')

function characterPattern(char: string): string {
  const code = char.charCodeAt(0)
  const hex = code.toString(16).padStart(2, '0')
  const forms = new Set([escapeRegExp(char)])
  if (code < 0x100) forms.add(`%${hex}`)
  if (char === ' ') forms.add('\\+')
  forms.add(`&#0{0,3}${code};`).add(`&#x0{0,3}${hex};`)
  const named = HTML_NAMED[char]
  if (named) forms.add(escapeRegExp(named))
  forms.add(`\\\\u${hex.padStart(4, '0')}`)
  const json = JSON_SHORT[char]
  if (json) forms.add(escapeRegExp(json))
  return `(?:${[...forms].join('|')})`
}

/**
 * The base64 text that encodes `key` wherever it sits in a longer encoded text: for each of the
 * three byte alignments, only the characters whose six bits all come from the key.
 */
function base64Forms(key: string): string[] {
  const bytes = Buffer.from(key, 'utf8')
  const forms: string[] = []
  for (let offset = 0; offset < 3; offset += 1) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64')
    const start = Math.ceil((offset * 8) / 6)
    const end = Math.floor(((offset + bytes.length) * 8) / 6)
    const stable = encoded.slice(start, end)
    forms.push(stable, stable.replace(/\+/g, '-').replace(/\//g, '_'))
  }
  return [...new Set(forms)]
}

export interface KeyPattern {
  /** Global, for replacing every occurrence. */
  global: RegExp
  /** Longest text one occurrence can span. */
  maxMatchLength: number
  /** False for keys too short to look for inside data (see MIN_API_KEY_LENGTH). */
  matchableInData: boolean
}

/**
 * A key shorter than MIN_API_KEY_LENGTH is matched only exactly (raw, URL-encoded, JSON-escaped):
 * its encoded or case-folded forms would be a character or two and hit ordinary text everywhere.
 */
export function keyPattern(key: string): KeyPattern {
  if (key.length < MIN_API_KEY_LENGTH) {
    const exact = new Set([key, encodeURIComponent(key), JSON.stringify(key).slice(1, -1)])
    const forms = [...exact].sort((a, b) => b.length - a.length)
    return {
      global: new RegExp(forms.map(escapeRegExp).join('|'), 'g'),
      maxMatchLength: Math.max(...forms.map((form) => form.length)),
      matchableInData: false
    }
  }
  const perCharacter = [...key].map(characterPattern).join('')
  // The characters next to the stable part carry a few bits of the key too: taken with it.
  const base64 = `[A-Za-z0-9+/_-]?(?:${base64Forms(key).map(escapeRegExp).join('|')})[A-Za-z0-9+/_-]?={0,2}`
  return {
    global: new RegExp(`${base64}|${perCharacter}`, 'gi'),
    maxMatchLength: key.length * MAX_CHARS_PER_KEY_CHAR * 2,
    matchableInData: true
  }
}

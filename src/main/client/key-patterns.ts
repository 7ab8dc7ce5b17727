/**
 * The forms in which a service may echo the API key back, as one regular expression: each
 * character of the key raw (any case), fullwidth, percent-encoded once or twice (either hex case,
 * `+` for a space), HTML-escaped (named, decimal or hex entity) or JSON-escaped (`\"`, `\uXXXX`),
 * in any mix; for a key of 16 characters or more, either half so written on its own (a key split
 * in two is found by its longer part); the key reversed, or with up to four invisible characters
 * (zero-width, soft hyphen, bidi marks) between its characters; or the key's bytes in hex, base32
 * or base64 (standard or URL-safe, at any alignment inside a longer encoded text).
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

/** Longest text one key character can be written as (`&#x0003c;`), or with the invisibles after it. */
const MAX_CHARS_PER_KEY_CHAR = 9
/** Shown as nothing between two characters; U+FFFD is what a bidi mark becomes in data (spec.ts). */
const INVISIBLES =
  '[\\u00ad\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff\\ufffd]{0,4}'

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')

function characterPattern(char: string): string {
  const code = char.charCodeAt(0)
  const hex = code.toString(16).padStart(2, '0')
  const forms = new Set([escapeRegExp(char)])
  if (code > 0x20 && code < 0x7f) forms.add(String.fromCharCode(code + 0xfee0))
  if (code < 0x100) forms.add(`%${hex}`).add(`%25${hex}`)
  if (char === ' ') forms.add('\\+').add('\\u3000')
  forms.add(`&#0{0,3}${code};`).add(`&#x0{0,3}${hex};`)
  const named = HTML_NAMED[char]
  if (named) forms.add(escapeRegExp(named))
  forms.add(`\\\\u${hex.padStart(4, '0')}`)
  const json = JSON_SHORT[char]
  if (json) forms.add(escapeRegExp(json))
  return `(?:${[...forms].join('|')})`
}

/**
 * The text that encodes `key` wherever it sits in a longer encoded text: for each byte alignment,
 * only the characters whose bits all come from the key.
 */
function alignedForms(
  key: string,
  encode: (bytes: Buffer) => string,
  bitsPerChar: number,
  alignments: number
): string[] {
  const bytes = Buffer.from(key, 'utf8')
  const forms: string[] = []
  for (let offset = 0; offset < alignments; offset += 1) {
    const encoded = encode(Buffer.concat([Buffer.alloc(offset), bytes]))
    const start = Math.ceil((offset * 8) / bitsPerChar)
    const end = Math.floor(((offset + bytes.length) * 8) / bitsPerChar)
    forms.push(encoded.slice(start, end))
  }
  return forms
}

function base64Forms(key: string): string[] {
  const forms = alignedForms(key, (bytes) => bytes.toString('base64'), 6, 3)
  const urlSafe = forms.map((form) => form.replace(/\+/g, '-').replace(/\//g, '_'))
  return [...new Set([...forms, ...urlSafe])]
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
/** RFC 4648 base32, without padding. */
function base32(bytes: Buffer): string {
  let out = ''
  let bits = 0
  let value = 0
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xfff
    bits += 8
    for (; bits >= 5; bits -= 5) out += BASE32[(value >> (bits - 5)) & 31]
  }
  return bits > 0 ? out + BASE32[(value << (5 - bits)) & 31] : out
}

/**
 * The key's forms as one `global` pattern (for replacing every occurrence), the longest text one
 * occurrence can span, and whether to look for the key inside data at all (`matchableInData`). A
 * key shorter than MIN_API_KEY_LENGTH is matched only exactly (raw, URL-encoded, JSON-escaped):
 * its encoded or case-folded forms would be a character or two and hit ordinary text everywhere.
 */
export function keyPattern(key: string) {
  if (key.length < MIN_API_KEY_LENGTH) {
    const exact = new Set([key, encodeURIComponent(key), JSON.stringify(key).slice(1, -1)])
    const forms = [...exact].sort((a, b) => b.length - a.length)
    return {
      global: new RegExp(forms.map(escapeRegExp).join('|'), 'g'),
      maxMatchLength: Math.max(...forms.map((form) => form.length)),
      matchableInData: false
    }
  }
  const characters = [...key].map(characterPattern)
  const middle = Math.ceil(characters.length / 2)
  const [first, second] = [characters.slice(0, middle).join(''), characters.slice(middle).join('')]
  const written =
    key.length >= 2 * MIN_API_KEY_LENGTH ? `${first}(?:${second})?|${second}` : first + second
  const raw = [...key].map(escapeRegExp)
  const reversed = [...raw].reverse().join('')
  const spaced = raw.join(INVISIBLES)
  // The characters next to the stable part carry a few bits of the key too: taken with it.
  const base64 = `[A-Za-z0-9+/_-]?(?:${base64Forms(key).map(escapeRegExp).join('|')})[A-Za-z0-9+/_-]?={0,2}`
  const base32Text = `[A-Z2-7]?(?:${alignedForms(key, base32, 5, 5).join('|')})[A-Z2-7]?={0,6}`
  const hex = Buffer.from(key, 'utf8').toString('hex')
  return {
    global: new RegExp(`${base64}|${base32Text}|${hex}|${written}|${reversed}|${spaced}`, 'gi'),
    maxMatchLength: key.length * MAX_CHARS_PER_KEY_CHAR * 2,
    matchableInData: true
  }
}

/** The forms in which a careless service may echo an API key back (errors, pages, data). */
import { MIN_API_KEY_LENGTH } from '@shared/api-key'
import { dynamic, envelope, json } from './fault-server'
import type { Behaviour } from './fault-server'

const htmlEscape = (text: string, quote: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, quote)
    .replace(/'/g, '&#39;')

const percentEveryByte = (text: string, lower: boolean): string =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
    .map((form) => (lower ? form : form.toUpperCase()))
    .join('')

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
/** RFC 4648 base32 with padding (Node has no encoder of its own). */
function base32(text: string): string {
  let out = ''
  let bits = 0
  let value = 0
  for (const byte of Buffer.from(text, 'utf8')) {
    value = ((value << 8) | byte) & 0xfff
    bits += 8
    for (; bits >= 5; bits -= 5) out += BASE32[(value >> (bits - 5)) & 31]
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31]
  return out.padEnd(Math.ceil(out.length / 8) * 8, '=')
}

/** ASCII as its fullwidth forms (U+FF01–FF5E; a space as U+3000). */
const fullwidth = (text: string): string =>
  [...text]
    .map((char) => (char === ' ' ? '\u3000' : String.fromCharCode(char.charCodeAt(0) + 0xfee0)))
    .join('')

/** The key's halves, the first one the longer. */
export const halvesOf = (key: string): [string, string] => {
  const middle = Math.ceil(key.length / 2)
  return [key.slice(0, middle), key.slice(middle)]
}

const jsonUnicode = (text: string): string =>
  [...text].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')

export const KEY_ENCODINGS = {
  raw: (key: string) => key,
  'upper-cased': (key: string) => key.toUpperCase(),
  'lower-cased': (key: string) => key.toLowerCase(),
  base64: (key: string) => Buffer.from(key).toString('base64'),
  'base64url, no padding': (key: string) => Buffer.from(key).toString('base64url'),
  'base64 of user:key (Basic auth)': (key: string) => Buffer.from(`user:${key}`).toString('base64'),
  'base64 of xx:key': (key: string) => Buffer.from(`xx:${key}`).toString('base64'),
  'HTML-escaped (&quot;)': (key: string) => htmlEscape(key, '&quot;'),
  'HTML-escaped (&#34;)': (key: string) => htmlEscape(key, '&#34;'),
  'HTML hex entities': (key: string) =>
    [...key].map((char) => `&#x${char.charCodeAt(0).toString(16)};`).join(''),
  'percent-encoded (upper hex)': (key: string) => encodeURIComponent(key),
  'percent-encoded (lower hex)': (key: string) =>
    encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (form) => form.toLowerCase()),
  'percent-encoded every byte (lower hex)': (key: string) => percentEveryByte(key, true),
  'form-encoded': (key: string) => new URLSearchParams({ k: key }).toString().slice(2),
  'JSON-escaped': (key: string) => JSON.stringify(key).slice(1, -1),
  'JSON \\u escapes': jsonUnicode,
  hex: (key: string) => Buffer.from(key).toString('hex'),
  'hex (upper case)': (key: string) => Buffer.from(key).toString('hex').toUpperCase(),
  base32,
  'base32 of xx:key': (key: string) => base32(`xx:${key}`),
  reversed: (key: string) => [...key].reverse().join(''),
  'split in two halves': (key: string) => halvesOf(key).join(' … '),
  fullwidth,
  'joined with zero-width spaces': (key: string) => [...key].join('\u200b'),
  'joined with zero-width joiners': (key: string) => [...key].join('\u200d'),
  'joined with soft hyphens': (key: string) => [...key].join('\u00ad'),
  'double percent-encoded': (key: string) => encodeURIComponent(encodeURIComponent(key)),
  'double percent-encoded every byte': (key: string) =>
    encodeURIComponent(percentEveryByte(key, false))
} as const satisfies Record<string, (key: string) => string>

export type KeyEncoding = keyof typeof KEY_ENCODINGS

export const KEY_ENCODING_NAMES = Object.keys(KEY_ENCODINGS) as KeyEncoding[]

/**
 * The encodings the client promises to recognise for `key`: a half is looked for only when it is
 * at least MIN_API_KEY_LENGTH characters (shorter fragments occur in ordinary text).
 */
export function encodingsFor(key: string): KeyEncoding[] {
  return key.length >= 2 * MIN_API_KEY_LENGTH
    ? KEY_ENCODING_NAMES
    : KEY_ENCODING_NAMES.filter((name) => name !== 'split in two halves')
}

/** Every distinct form of `key` (to assert that none appears in a text). */
export function encodedForms(key: string): string[] {
  const forms = encodingsFor(key).map((name) => KEY_ENCODINGS[name](key))
  if (key.length >= 2 * MIN_API_KEY_LENGTH) forms.push(...halvesOf(key))
  // base64 of a prefixed key contains the key's own base64 only at its alignment; check the core
  const core = Buffer.from(key)
    .toString('base64')
    .slice(0, Math.floor((key.length * 4) / 3) - 2)
  return [...new Set([...forms, core])]
}

/** Keys to try: plain, and one with every character that HTML, JSON and URLs escape. */
export const ECHO_KEYS = ['sk-live-Zq8SECRETvalue42', 'sk-"Zq8"&<SECRET>/+value 42\\x'] as const

/** Where an answer carries the key: a data field, a 400's message, a 200 refusal's code. */
export const ECHO_PLACES = ['data', 'message', 'code'] as const

/** The location of a lookup whose answer echoes the key in `encodings[encoding]` at `place`. */
export const echoLocation = (encoding: number, place: number): string => `echo-${encoding}-${place}`

/** A service answering each echoLocation lookup with the key echoed as its location says. */
export function echoingService(key: string, encodings: readonly KeyEncoding[]): Behaviour {
  return dynamic((hit) => {
    const [, encoding, place] = /^echo-(\d+)-(\d+)$/.exec(hit.query['location'] ?? '') ?? []
    const form = KEY_ENCODINGS[encodings[Number(encoding)] ?? 'raw'](key)
    const price = { price: 5_000_000, currency: 'NGN', location: `lekki ${form}` }
    if (ECHO_PLACES[Number(place)] === 'data') return envelope(price)
    if (ECHO_PLACES[Number(place)] === 'message') {
      return json(400, { success: false, message: `bad key ${form}` })
    }
    return json(200, { success: false, message: 'refused', error: { code: form } })
  })
}

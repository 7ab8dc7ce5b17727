/** The forms in which a careless service may echo an API key back (errors, pages, data). */

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
  'JSON \\u escapes': jsonUnicode
} as const satisfies Record<string, (key: string) => string>

export type KeyEncoding = keyof typeof KEY_ENCODINGS

export const KEY_ENCODING_NAMES = Object.keys(KEY_ENCODINGS) as KeyEncoding[]

/** Every distinct form of `key` (to assert that none appears in a text). */
export function encodedForms(key: string): string[] {
  const forms = KEY_ENCODING_NAMES.map((name) => KEY_ENCODINGS[name](key))
  // base64 of a prefixed key contains the key's own base64 only at its alignment; check the core
  const core = Buffer.from(key)
    .toString('base64')
    .slice(0, Math.floor((key.length * 4) / 3) - 2)
  return [...new Set([...forms, core])]
}

/** Keys to try: plain, and one with every character that HTML, JSON and URLs escape. */
export const ECHO_KEYS = ['sk-live-Zq8SECRETvalue42', 'sk-"Zq8"&<SECRET>/+value 42\\x'] as const

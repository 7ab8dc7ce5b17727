/**
 * The largest valid answers a service can send (issue 28 finding 1): every text field at its
 * limit (TEXT_LIMITS), each character written as a six-byte `\uXXXX` escape, and the envelope
 * padded with an extra field (which the schemas accept and drop) to exactly the byte size asked.
 */
import { TEXT_LIMITS } from '@shared/spec'

/** Each operation's response cap, as docs/service-contract.md states it. */
export const FIGURE_CAP_BYTES = 64 * 1024
export const LOCATIONS_CAP_BYTES = 8 * 1024 * 1024

const full = (limit: number): string => '€'.repeat(limit)

export const MAX_PRICE = {
  price: 999_999_999_999_999,
  beds: full(TEXT_LIMITS.short),
  location: full(TEXT_LIMITS.place),
  country_code: full(TEXT_LIMITS.code),
  currency: full(TEXT_LIMITS.code)
}
export const MAX_GROWTH = { growth: -99.999_999_999_999, period: '2020-2025' }
export const MAX_LAND = {
  price: 999_999_999_999_999,
  currency: full(TEXT_LIMITS.code),
  location: full(TEXT_LIMITS.place),
  country_code: full(TEXT_LIMITS.code),
  unit: full(TEXT_LIMITS.short)
}
export const MAX_PLACE = {
  name: full(TEXT_LIMITS.place),
  slug: full(TEXT_LIMITS.place),
  city: full(TEXT_LIMITS.place),
  country: full(TEXT_LIMITS.place),
  country_code: full(TEXT_LIMITS.code)
}

const PADDING_FIELD = ',"padding":""'

/** JSON text with every non-ASCII character escaped: one byte per character. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u0080-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
}

/** The success envelope of `data` as exactly `bytes` bytes of JSON (throws when it cannot fit). */
export function sizedEnvelope(data: unknown, bytes: number): string {
  const base = asciiJson({ success: true, message: full(TEXT_LIMITS.message), data })
  const padding = bytes - base.length - PADDING_FIELD.length
  if (padding < 0) throw new Error(`the answer needs ${base.length} bytes, more than ${bytes}`)
  return `${base.slice(0, -1)}${PADDING_FIELD.slice(0, -1)}${'x'.repeat(padding)}"}`
}

/** A locations list of as many largest places as fit in `bytes`, as exactly `bytes` bytes. */
export function sizedLocations(bytes: number): string {
  const place = asciiJson(MAX_PLACE).length + 1
  const count = Math.floor((bytes - 16 * 1024) / place)
  const locations = Array.from({ length: count }, () => MAX_PLACE)
  return sizedEnvelope({ sector: full(TEXT_LIMITS.short), locations }, bytes)
}

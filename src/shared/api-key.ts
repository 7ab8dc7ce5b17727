/**
 * What an API key may look like. One rule for the IPC boundary (setApiKey) and for the client,
 * which uses the minimum length to decide which keys it can recognise inside response data.
 */
import { z } from 'zod'
import { refineWith } from './validation'

/**
 * Shortest key accepted by setApiKey. It is also the shortest key the client looks for inside
 * response data and in encoded forms (upper case, base64, HTML, percent-encoding): a shorter key,
 * e.g. `1`, occurs by chance in ordinary text (`lekki-phase-1`), so matching it would refuse good
 * answers. Service keys are long random strings; 8 characters rules out only typing slips.
 */
export const MIN_API_KEY_LENGTH = 8
export const MAX_API_KEY_LENGTH = 512

/** Visible ASCII with inner spaces: what an HTTP header carries safely and a person can paste. */
const SENDABLE_KEY = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/

/** Why `key` (already trimmed) cannot be used as an API key, or undefined when it can. */
export function apiKeyProblem(key: string): string | undefined {
  if (key.length === 0) return 'The API key is empty.'
  if (key.length > MAX_API_KEY_LENGTH)
    return `The API key is too long (more than ${MAX_API_KEY_LENGTH} characters). Check that you pasted only the key.`
  if (!SENDABLE_KEY.test(key))
    return 'The API key contains a character that cannot be sent (a line break, tab, control character or non-ASCII letter). Copy the key again exactly as your provider shows it.'
  if (key.length < MIN_API_KEY_LENGTH)
    return `The API key is too short: keys have at least ${MIN_API_KEY_LENGTH} characters. Check that you pasted the whole key.`
  return undefined
}

export const ApiKeySchema = z.string().trim().superRefine(refineWith(apiKeyProblem))

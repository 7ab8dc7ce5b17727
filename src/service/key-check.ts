/**
 * The API key check. Both sides are hashed to SHA-256 first, so the comparison is constant-time
 * whatever the supplied key's length (timingSafeEqual alone needs equal lengths, and an early
 * length check would tell a caller the key's length).
 */
import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (key: string): Buffer => createHash('sha256').update(key, 'utf8').digest()

export function createKeyCheck(expectedKey: string): (supplied: string) => boolean {
  const expected = digest(expectedKey)
  return (supplied) => timingSafeEqual(digest(supplied), expected)
}

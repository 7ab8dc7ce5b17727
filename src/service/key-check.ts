/**
 * The API key check, in constant time: timingSafeEqual compares the expected key's length in bytes
 * whatever is supplied (a key of another length is compared as the expected key against itself,
 * then rejected), so the time taken says nothing about the supplied key's content.
 */
import { timingSafeEqual } from 'node:crypto'

export function createKeyCheck(expectedKey: string): (supplied: string) => boolean {
  const expected = Buffer.from(expectedKey, 'utf8')
  return (supplied) => {
    const candidate = Buffer.from(supplied, 'utf8')
    const sameLength = candidate.length === expected.length
    const equal = timingSafeEqual(sameLength ? candidate : expected, expected)
    return sameLength && equal
  }
}

/**
 * The API key check, in constant time: timingSafeEqual compares the expected key's length in bytes
 * whatever is supplied (a key of another length is compared as the expected key against itself,
 * then rejected), so the time taken says nothing about the supplied key's content. The supplied
 * key is written into one buffer made up front, so a check allocates nothing.
 */
import { timingSafeEqual } from 'node:crypto'

export function createKeyCheck(expectedKey: string): (supplied: string) => boolean {
  const expected = Buffer.from(expectedKey, 'utf8')
  const candidate = Buffer.alloc(expected.length)
  return (supplied) => {
    const sameLength = Buffer.byteLength(supplied, 'utf8') === expected.length
    if (sameLength) candidate.write(supplied, 'utf8')
    else expected.copy(candidate)
    const equal = timingSafeEqual(candidate, expected)
    return sameLength && equal
  }
}

import { describe, expect, it } from 'vitest'
import { SetApiKeyInput } from './contract'

const refused = (key: string): string | undefined => {
  const parsed = SetApiKeyInput.safeParse({ key, persistence: 'session' })
  return parsed.success ? undefined : parsed.error.issues.map((issue) => issue.message).join(' ')
}

describe('setApiKey input: what a key may be', () => {
  it.each([
    ['a line break inside', 'sk-live-abc\ndef123'],
    ['a tab inside', 'sk-live-abc\tdef123'],
    ['a NUL', 'sk-live-abc\u0000def123'],
    ['DEL', 'sk-live-abc\u007fdef123'],
    ['a non-ASCII letter', 'sk-live-abcdéf123'],
    ['a non-breaking space', 'sk-live-abc\u00a0def123'],
    ['an emoji', 'sk-live-abc🙂def123'],
    ['a right-to-left mark', 'sk-live-\u200fabcdef123']
  ])('refuses a key with %s, saying what is wrong', (_label, key) => {
    expect(refused(key)).toMatch(/cannot be sent .* Copy the key again/)
  })

  it.each(['1', 'abc', 'k-12345'])('refuses a key shorter than 8 characters (%s)', (key) => {
    expect(refused(key)).toMatch(/too short: keys have at least 8 characters/)
  })

  it('refuses empty and over-long keys', () => {
    expect(refused('   ')).toMatch(/empty/)
    expect(refused('k'.repeat(513))).toMatch(/too long/)
  })

  it('accepts printable ASCII keys of 8 to 512 characters, trimmed, inner spaces allowed', () => {
    for (const key of [
      '12345678',
      'sk-live-Zq8SECRETvalue42',
      'k "quoted" & slash\\ 100%',
      'k'.repeat(512)
    ]) {
      expect(refused(key)).toBeUndefined()
    }
    expect(SetApiKeyInput.parse({ key: '  sk-live-abcdef  ' })).toEqual({
      key: 'sk-live-abcdef',
      persistence: 'persistent'
    })
  })
})

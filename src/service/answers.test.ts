import { describe, expect, it } from 'vitest'
import { bundledDatasetLoaded } from './dataset'
import type { RawParams } from './params'
import { answerCacheKey } from './answer-cache'
import { ROUTES } from './answers'

const dataset = bundledDatasetLoaded()
const VALID: Record<string, RawParams[]> = {
  '/locations': [{ sector: 'land' }],
  '/residential-prices': [
    { location: 'lekki-phase-1', country_code: 'NG', type: 'rent', beds: '2' }
  ],
  '/growth': [
    { location: 'ikoyi', country_code: 'NG', sector: 'residential', type: 'sale', beds: '3' },
    { location: 'ikoyi', country_code: 'NG', sector: 'land' }
  ],
  '/land-prices': [{ location: 'ikoyi', country_code: 'NG' }]
}

/** The parameter names a route's parser reads, for given values. */
function namesRead(path: string, values: RawParams): Set<string> {
  const read = new Set<string>()
  const params = new Proxy(values, {
    get(target, name) {
      if (typeof name === 'string') read.add(name)
      return Reflect.get(target, name)
    }
  })
  ROUTES[path]?.resolve(dataset, params)
  return read
}

describe('the answer cache key covers every parameter a route reads', () => {
  it.each(Object.keys(ROUTES))('%s', (path) => {
    const route = ROUTES[path]
    const read = new Set<string>()
    for (const values of VALID[path] ?? [])
      for (const name of namesRead(path, values)) read.add(name)
    expect([...read].sort()).toEqual([...(route?.names ?? [])].sort())
  })
})

describe('answerCacheKey', () => {
  const names = ['location', 'country_code', 'type', 'beds']
  const base = { location: 'ikoyi', country_code: 'NG', type: 'rent', beds: '2' }

  it('ignores unknown parameters and their order', () => {
    expect(answerCacheKey('/r', names, { ...base, x: '1' })).toBe(
      answerCacheKey('/r', names, {
        x: '2',
        beds: '2',
        type: 'rent',
        country_code: 'NG',
        location: 'ikoyi'
      })
    )
  })

  it('differs whenever a recognised value differs, and by route', () => {
    const key = answerCacheKey('/r', names, base)
    for (const name of names) {
      expect(
        answerCacheKey('/r', names, {
          ...base,
          [name]: `${String(base[name as keyof typeof base])}x`
        })
      ).not.toBe(key)
    }
    expect(answerCacheKey('/other', names, base)).not.toBe(key)
    // a value that swallows the next one must not collide
    expect(answerCacheKey('/r', ['a', 'b'], { a: 'x', b: 'y' })).not.toBe(
      answerCacheKey('/r', ['a', 'b'], { a: 'xy', b: '' })
    )
  })

  it('treats a number from a JSON body as its text, and declines lists and objects', () => {
    expect(answerCacheKey('/r', names, { ...base, beds: 2 })).toBe(
      answerCacheKey('/r', names, base)
    )
    expect(answerCacheKey('/r', names, { ...base, beds: ['2', '3'] })).toBeUndefined()
    expect(answerCacheKey('/r', names, { ...base, beds: { n: 2 } })).toBeUndefined()
    expect(answerCacheKey('/r', names, { ...base, beds: '2\u00003' })).toBeUndefined()
  })
})

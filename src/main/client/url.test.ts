import { describe, expect, it } from 'vitest'
import { routeUrl, wireRequest } from './url'

describe('routeUrl', () => {
  it.each([
    ['https://x.example/api/v1', 'https://x.example/api/v1/residential-prices'],
    ['https://x.example/api/v1/', 'https://x.example/api/v1/residential-prices'],
    ['https://x.example', 'https://x.example/residential-prices'],
    ['https://x.example/', 'https://x.example/residential-prices'],
    ['http://127.0.0.1:8787/v1', 'http://127.0.0.1:8787/v1/residential-prices']
  ])('%s + residential-prices', (base, expected) => {
    expect(routeUrl(base, 'residential-prices').href).toBe(expected)
    expect(routeUrl(`${base}?a=1#f`, 'residential-prices').href).toBe(expected)
  })

  it('joins a path starting with / onto the origin', () => {
    expect(routeUrl('https://x.example/api/v1', '/v1/growth').href).toBe(
      'https://x.example/v1/growth'
    )
  })
})

describe('request building', () => {
  it('encodes every reserved character with %XX', () => {
    const params = { beds: 'a b+c&d=e/é', 'x y': '1' }
    expect(new URL(wireRequest('https://x.example/growth', params, 'query').url).search).toBe(
      '?beds=a%20b%2Bc%26d%3De%2F%C3%A9&x%20y=1'
    )
  })

  it('places parameters per placement', () => {
    const params = { location: 'a', country_code: 'NG' }
    const placed = (placement: 'query' | 'body' | 'both') => {
      const wire = wireRequest('https://x.example/v1/land-prices', params, placement)
      return { ...wire, url: new URL(wire.url) }
    }
    const [query, body, both] = [placed('query'), placed('body'), placed('both')]
    expect([query.url.search, query.body]).toEqual(['?location=a&country_code=NG', undefined])
    expect([body.url.search, body.body]).toEqual(['', JSON.stringify(params)])
    expect([both.url.search, both.body]).toEqual([
      '?location=a&country_code=NG',
      JSON.stringify(params)
    ])
  })

  it('identity ignores parameter order but not placement, path or values', () => {
    const identity = (path: string, params: Record<string, string>, placement: 'query' | 'body') =>
      wireRequest(routeUrl('https://x.example/v1', path).href, params, placement).identity
    const a = identity('growth', { location: 'a', sector: 'land' }, 'query')
    expect(identity('growth', { sector: 'land', location: 'a' }, 'query')).toBe(a)
    expect(identity('growth', { location: 'a', sector: 'land' }, 'body')).not.toBe(a)
    expect(identity('growth', { location: 'b', sector: 'land' }, 'query')).not.toBe(a)
    expect(identity('land-prices', { location: 'a', sector: 'land' }, 'query')).not.toBe(a)
    // Values that hold the separators cannot make two requests look the same.
    expect(identity('growth', { location: 'a&sector=land' }, 'query')).not.toBe(a)
  })
})

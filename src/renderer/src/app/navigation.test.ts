import { describe, expect, it } from 'vitest'
import { parseRoute, routeToHash } from './navigation'
import type { Route } from './navigation'

describe('hash routes', () => {
  it('round-trips every screen', () => {
    const routes: Route[] = [
      { screen: 'explore', sector: 'land' },
      { screen: 'location', sector: 'residential', countryCode: 'NG', slug: 'lekki-phase-1' },
      { screen: 'compare' },
      { screen: 'saved' },
      { screen: 'settings' }
    ]
    for (const route of routes) expect(parseRoute(routeToHash(route))).toEqual(route)
  })

  it('falls back to Explore for unknown or incomplete hashes', () => {
    expect(parseRoute('')).toEqual({ screen: 'explore', sector: 'residential' })
    expect(parseRoute('#/location/residential')).toEqual({
      screen: 'explore',
      sector: 'residential'
    })
    expect(parseRoute('#/nope')).toEqual({ screen: 'explore', sector: 'residential' })
  })
})

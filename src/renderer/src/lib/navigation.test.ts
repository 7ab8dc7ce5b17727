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
      { screen: 'settings' },
      { screen: 'rankings' }
    ]
    for (const route of routes) expect(parseRoute(routeToHash(route))).toEqual(route)
  })

  it('opens Explore when there is no hash', () => {
    expect(parseRoute('')).toEqual({ screen: 'explore', sector: 'residential' })
    expect(parseRoute('#/')).toEqual({ screen: 'explore', sector: 'residential' })
    expect(parseRoute('#/explore')).toEqual({ screen: 'explore', sector: 'residential' })
  })

  it('answers "not found" for unknown or incomplete hashes, instead of pretending', () => {
    for (const hash of [
      '#/nope',
      '#/location/residential',
      '#/location/residential/NG',
      '#/location/garden/NG/ikoyi',
      '#/explore/garden',
      '#/compare/extra',
      '#/rankings/extra',
      '#/location/residential/NG/ikoyi/extra'
    ]) {
      expect(parseRoute(hash), hash).toEqual({ screen: 'not-found', hash })
    }
  })
})

/**
 * Browser harness for screenshots: installs a fake `window.market` (see src/test/fake-market.ts)
 * before the app starts. `?scenario=empty` starts with nothing saved; the default seeds a
 * watchlist and a comparison so every screen has content.
 */
import { createFakeMarket } from '../src/test/fake-market'
import { FAKE_LOCATIONS } from '../src/test/fake-dataset'

const scenario = new URLSearchParams(window.location.search).get('scenario') ?? 'rich'
/** 50,000 synthetic locations to check that search and scrolling stay smooth. */
function syntheticLocations(count: number) {
  const countries = [
    'Nigeria',
    'Ghana',
    'Kenya',
    'Senegal',
    'Rwanda',
    'Tanzania',
    'Uganda',
    'Zambia'
  ]
  return Array.from({ length: count }, (_, i) => {
    const country = countries[i % countries.length] ?? 'Nigeria'
    return {
      name: `Estate ${i} ${['North', 'South', 'Gardens', 'Heights', 'Park'][i % 5] ?? ''}`,
      slug: `estate-${i}`,
      city: `${country} City ${i % 97}`,
      country,
      country_code: country.slice(0, 2).toUpperCase()
    }
  })
}

const market = createFakeMarket({
  notFoundBeds: { yaba: ['5'], 'lekki-phase-1': ['5'] },
  ...(scenario === 'big' ? { residential: syntheticLocations(50_000) } : {})
})

if (scenario === 'rich' && !window.localStorage.getItem('me.seeded')) {
  const ref = (slug: string) => {
    const location = FAKE_LOCATIONS.find((l) => l.slug === slug)
    if (!location) throw new Error(`unknown ${slug}`)
    return {
      sector: 'residential',
      slug,
      countryCode: location.country_code,
      name: location.name,
      city: location.city,
      country: location.country
    }
  }
  const compare = ['lekki-phase-1', 'ikoyi', 'maitama', 'yaba', 'gra-phase-2'].map(ref)
  window.localStorage.setItem('me.compare', JSON.stringify(compare))
  window.localStorage.setItem(
    'me.saved',
    JSON.stringify([ref('lekki-phase-1'), ref('ikoyi'), ref('east-legon')])
  )
  window.localStorage.setItem('me.seeded', '1')
}
if (scenario === 'mixed') {
  const refs = ['lekki-phase-1', 'east-legon', 'westlands', 'ikoyi'].map((slug) => {
    const l = FAKE_LOCATIONS.find((x) => x.slug === slug)
    return {
      sector: 'residential',
      slug,
      countryCode: l?.country_code,
      name: l?.name,
      city: l?.city,
      country: l?.country
    }
  })
  window.localStorage.setItem('me.compare', JSON.stringify(refs))
}

Object.assign(window, { market })

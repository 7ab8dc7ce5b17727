import { useMemo, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { ERRORS } from '@shared/errors/catalogue'
import type { Sector } from '@shared/spec'
import { MarketQueryError } from '../../data/market-result'
import { useMarket, useStores } from '../../data/app-deps'
import { locationsQuery } from '../../data/queries'
import { useLocations } from '../../data/use-locations'
import { useUserRequest } from '../../data/use-service-state'
import { humanizeSlug, locationKey, toLocationRef } from '../../lib/location-ref'
import type { LocationRef } from '../../lib/location-ref'

/**
 * Whether the service lists the routed location: `listed`, `unlisted` (not a location of this
 * service), `checking` (the list is loading or being refreshed; `cancel` stops waiting for it),
 * or `unverified` (the list cannot be had, e.g. offline with nothing cached, or the user stopped
 * the check: neither claim can be made).
 */
export type LocationCheck =
  | { status: 'listed' | 'unlisted' }
  | { status: 'checking'; cancel: () => void }
  | { status: 'unverified'; error: MarketQueryError; retry: () => void }

/**
 * The routed location checked against the service's list of locations for its sector, with its
 * display details: from the list, else from saved / recent / compare entries, else a readable
 * version of the slug.
 */
export function useLocationLookup(
  sector: Sector,
  countryCode: string,
  slug: string
): { location: LocationRef; check: LocationCheck } {
  const locations = useLocations(sector)
  const userRequest = useUserRequest()
  const stores = useStores()
  const queryClient = useQueryClient()
  const { queryKey } = locationsQuery(useMarket(), sector)
  /** The sector whose check the user cancelled (the list is one per sector). */
  const [cancelled, setCancelled] = useState<Sector>()
  const list = locations.data?.data.locations
  const found = useMemo(
    () =>
      list?.find(
        (location) =>
          location.slug === slug &&
          location.country_code.toUpperCase() === countryCode.toUpperCase()
      ),
    [list, countryCode, slug]
  )
  const location = useMemo(() => {
    if (found) return toLocationRef(found, sector)
    const wanted = locationKey({ sector, countryCode, slug })
    const known = [...stores.saved.get(), ...stores.recent.get(), ...stores.compare.get()].find(
      (ref) => locationKey(ref) === wanted
    )
    return (
      known ?? {
        sector,
        slug,
        countryCode: countryCode.toUpperCase(),
        name: humanizeSlug(slug),
        city: '',
        country: ''
      }
    )
  }, [found, sector, countryCode, slug, stores])

  // The user asking: main's quota guard is asked to go on first, as for "Retry now".
  const retry = () => {
    setCancelled(undefined)
    void userRequest(() => locations.refetch())
  }
  const cancel = () => {
    setCancelled(sector)
    void queryClient.cancelQueries({ queryKey })
  }
  const check: LocationCheck = found
    ? { status: 'listed' }
    : list && !locations.isFetching
      ? { status: 'unlisted' }
      : locations.error && !locations.isFetching
        ? { status: 'unverified', error: locations.error, retry }
        : cancelled === sector && !locations.isFetching
          ? { status: 'unverified', error: new MarketQueryError(ERRORS.cancelled()), retry }
          : { status: 'checking', cancel }
  return { location, check }
}

import { useQuery } from '@tanstack/react-query'
import type { Sector } from '@shared/spec'
import { useMarket } from './app-deps'
import { locationsQuery } from './queries'

/** The service's locations of a sector (the picker, the location check, rankings). */
export const useLocations = (sector: Sector) => useQuery(locationsQuery(useMarket(), sector))

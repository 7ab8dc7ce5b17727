/**
 * Where each operation of a remote service lives (its route layout): the layout saved per base
 * URL in settings, and rediscovery of one operation when its route answers "no such route".
 */
import type {
  OperationRoute,
  RouteLayout,
  RoutedOperation,
  Settings,
  SettingsUpdate
} from '@shared/settings'
import { layoutFor, withRouteLayout } from '@shared/settings'
import { discoverLayout } from '../discovery/discover'
import type { ClientProbe } from '../discovery/discover'
import { errorName } from '../logging/logger'
import type { AppLogger } from '../logging/logger'

export interface RouteLayoutsOptions {
  /** `update` saves discovered route layouts (without it, they are used but not kept). */
  settings: { current(): Readonly<Settings>; update?(patch: SettingsUpdate): unknown }
  logger: AppLogger
  isDisposed: () => boolean
  /** A one-request-per-route probe of the service at `baseUrl` (closed after use). */
  probe: (baseUrl: string, getApiKey: () => string | undefined) => ClientProbe
}

export function createRouteLayouts(options: RouteLayoutsOptions) {
  const { settings, logger } = options
  /**
   * The routes saved for `baseUrl`, as the settings hold them at each call. None saved: none given,
   * and the client calls each operation at its spec path with the parameter placement of settings.
   */
  const routesOf = (baseUrl: string) => (): Partial<RouteLayout['routes']> =>
    settings.current().routeLayouts[baseUrl]?.routes ?? {}

  const saveLayout = (baseUrl: string, layout: RouteLayout): void => {
    const layouts = settings.current().routeLayouts
    try {
      settings.update?.({ routeLayouts: withRouteLayout(layouts, baseUrl, layout) })
    } catch (error) {
      logger.warn('discovered layout not saved', { error: errorName(error) })
    }
  }

  /**
   * Rediscoveries this session, per base URL and operation: each runs at most once (a metered
   * key), and calls that meet the same missing route meanwhile share its answer.
   */
  const rediscovered = new Map<string, Map<RoutedOperation, Promise<OperationRoute | undefined>>>()
  const rediscover = (
    baseUrl: string,
    operation: RoutedOperation,
    getApiKey: () => string | undefined
  ): Promise<OperationRoute | undefined> => {
    if (options.isDisposed()) return Promise.resolve(undefined)
    const started = rediscovered.get(baseUrl) ?? new Map()
    const running =
      started.get(operation) ?? findAgain(baseUrl, operation, getApiKey).catch(() => undefined)
    rediscovered.set(baseUrl, started.set(operation, running))
    return running
  }
  const findAgain = async (
    baseUrl: string,
    operation: RoutedOperation,
    getApiKey: () => string | undefined
  ): Promise<OperationRoute | undefined> => {
    const probe = options.probe(baseUrl, getApiKey)
    try {
      const fallback = layoutFor(settings.current(), baseUrl)
      const report = await discoverLayout({
        baseUrl,
        probe: probe.probe,
        only: [operation],
        fallback
      })
      const row = report.rows[0]
      const { requests } = report
      logger.info('route rediscovered', { operation, outcome: row?.outcome, requests })
      if (row?.outcome !== 'works' && row?.outcome !== 'no-data') return undefined
      saveLayout(baseUrl, report.layout)
      return report.layout.routes[operation]
    } finally {
      await probe.close().catch(() => undefined)
    }
  }

  return {
    routesOf,
    rediscover,
    /** Saves a layout a full discovery found; a later route-level 404 may rediscover again. */
    save(baseUrl: string, layout: RouteLayout): void {
      saveLayout(baseUrl, layout)
      rediscovered.delete(baseUrl)
    }
  }
}

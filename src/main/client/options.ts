import type { Dispatcher } from 'undici'
import type { DataSource } from '@shared/result'
import type { OperationRoute, Placement, RoutedOperation, Timeouts } from '@shared/settings'
import type { Sender } from '../connection/quota-guard'
import type { AppLogger } from '../logging/logger'

export interface ServiceClientOptions {
  /** Operation paths are joined onto it: `https://x/api/v1` + `growth` → `https://x/api/v1/growth`. */
  baseUrl: string
  /** Read at request time; undefined or empty → NOT_CONFIGURED without touching the network. */
  getApiKey: () => string | undefined
  /** Reported in the meta of every successful Result. */
  source: DataSource
  /** Where the parameters go. Default `query`; `body` sends a JSON body on GET. */
  parameterPlacement?: Placement
  /**
   * Where each operation lives, read at every call (so a rediscovered route is used at once).
   * An operation missing here uses its spec path at the base URL with `parameterPlacement`.
   */
  routes?: () => Partial<Record<RoutedOperation, OperationRoute>>
  /**
   * Called when an operation's route answers UNSUPPORTED_ROUTE: finds where the operation lives
   * now (discovery of that one operation). A route it gives that differs from the one tried is
   * used for one more request; undefined reports the error.
   */
  rediscover?: (
    operation: RoutedOperation,
    tried: OperationRoute,
    signal: AbortSignal | undefined
  ) => Promise<OperationRoute | undefined>
  /** Default: the app's default settings (5 s connect, 15 s headers, 15 s between body chunks). */
  timeouts?: Timeouts
  /**
   * What every request goes through: the quota guard of this service, which decides whether it
   * is sent, waits or is not sent, and how many run at once. Default: a guard of the client's own.
   */
  guard?: Sender
  /** When true, every call answers OFFLINE at once without any network access. */
  isOffline?: () => boolean
  /** Receives one line per HTTP request; never receives the API key. */
  logger?: Pick<AppLogger, 'info' | 'warn'>
  /**
   * Custom dispatcher (tests, proxies). The client does not close it, and the connect timeout
   * only applies to the agent the client creates itself (headers/body timeouts apply always).
   */
  dispatcher?: Dispatcher
  /** Wall-clock time: a result's `fetchedAt`, and a Retry-After given as an HTTP date. */
  now?: () => Date
}

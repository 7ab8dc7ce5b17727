import { startService } from '../../service'
import type { StartDemoService } from '../connection/demo-lifecycle'

/** The embedded service with the bundled illustrative dataset, on a free loopback port. */
export const startEmbeddedDemoService: StartDemoService = (apiKey) =>
  startService({ host: '127.0.0.1', port: 0, apiKey })

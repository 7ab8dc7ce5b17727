export { createHandlers, DEMO_NOTICE } from './create-handlers'
export type { HandlerDeps } from './create-handlers'
export { createConnectionManager, DEMO_PLACEHOLDER_URL } from './connection'
export type {
  Connection,
  ConnectionManager,
  ConnectionManagerOptions,
  ConnectionSummary,
  CreateClient,
  DemoService,
  StartDemoService
} from './connection'

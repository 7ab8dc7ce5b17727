export { createAppCore } from './app-core'
export type { AppCore, AppCoreOptions } from './app-core'
export { startEmbeddedDemoService } from './app-core'

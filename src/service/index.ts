export { createServiceApp, startService } from './server'
export type { RunningService } from './server'
export { bundledDatasetLoaded, loadDataset } from './dataset'
export type { Dataset } from './dataset'

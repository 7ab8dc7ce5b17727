export { createServiceApp, startService, MAX_BODY_BYTES } from './server'
export type { RunningService, ServiceOptions, StartServiceOptions } from './server'
export { bundledDatasetLoaded, DatasetError, loadDataset, loadDatasetFile } from './dataset'
export type { Dataset } from './dataset'

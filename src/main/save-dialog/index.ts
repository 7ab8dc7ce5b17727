export { createSaveFileHandler, registerSaveFile } from './save-file'
export type { SaveDialogRequest, SaveFileDeps, SaveFileHandler } from './save-file'
export { createElectronSaveFileHandler } from './electron-save-dialog'

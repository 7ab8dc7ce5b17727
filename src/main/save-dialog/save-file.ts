/**
 * Saving an export through the native save dialog: the page sends the bytes and a suggested file
 * name; main shows the dialog and writes the file. The chosen path never leaves main (the reply
 * is { saved }), and no error message names it.
 */
import { extname, join } from 'node:path'
import { SAVE_FILE_CHANNEL } from '@shared/channels'
import { SaveFileInputSchema } from '@shared/desktop'
import type { SaveFileKind, SaveFileOutput } from '@shared/desktop'
import { err, ok } from '@shared/result'
import type { Result } from '@shared/result'
import { answerTrustedSender, invalidInput } from '../ipc/registry'
import type { IpcMainLike, RegistryOptions } from '../ipc/registry'
import { errnoCode } from '../logging/logger'
import type { AppLogger } from '../logging/logger'

/** The part of Electron's showSaveDialog this needs (options as Electron takes them). */
export interface SaveDialogRequest {
  title: string
  defaultPath: string
  filters: { name: string; extensions: string[] }[]
  properties: ['createDirectory', 'showOverwriteConfirmation']
}

export interface SaveFileDeps {
  showSaveDialog(request: SaveDialogRequest): Promise<{ canceled: boolean; filePath?: string }>
  writeFile(path: string, bytes: Uint8Array): Promise<void>
  /** Where the dialog opens (the user's Downloads or Documents folder). */
  defaultFolder(): string
  logger: AppLogger
}

const DIALOGS: Record<SaveFileKind, { title: string; filter: string }> = {
  csv: { title: 'Export table as CSV', filter: 'CSV table' },
  png: { title: 'Export chart as PNG', filter: 'PNG image' }
}

/** Why a write failed, in words (never the path). */
const WRITE_PROBLEMS: Partial<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the disk is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk is full',
  EISDIR: 'a folder has that name',
  ENOENT: 'the folder no longer exists',
  ENOTDIR: 'the folder no longer exists'
}

export function writeProblem(error: unknown): string {
  const code = errnoCode(error)
  return WRITE_PROBLEMS[code ?? ''] ?? code ?? 'the write failed'
}

export type SaveFileHandler = (input: unknown) => Promise<Result<SaveFileOutput>>

export function createSaveFileHandler(deps: SaveFileDeps): SaveFileHandler {
  return async (input) => {
    const parsed = SaveFileInputSchema.safeParse(input)
    if (!parsed.success) return invalidInput(parsed.error.issues)
    const { kind, suggestedName, bytes } = parsed.data
    const choice = await deps.showSaveDialog({
      title: DIALOGS[kind].title,
      defaultPath: join(deps.defaultFolder(), suggestedName),
      filters: [{ name: DIALOGS[kind].filter, extensions: [kind] }],
      properties: ['createDirectory', 'showOverwriteConfirmation']
    })
    if (choice.canceled || !choice.filePath) return ok({ saved: false })
    // Linux dialogs may return a name without the extension the filter asked for.
    const path = extname(choice.filePath) ? choice.filePath : `${choice.filePath}.${kind}`
    try {
      await deps.writeFile(path, bytes)
    } catch (error) {
      const problem = writeProblem(error)
      deps.logger.warn('export could not be written', { kind, problem })
      return err(
        'INTERNAL',
        `The ${kind.toUpperCase()} file could not be saved (${problem}). Export again and choose another folder.`
      )
    }
    return ok({ saved: true })
  }
}

/** Registers the save-file channel with the same sender check as every operation. */
export function registerSaveFile<E>(
  ipcMain: IpcMainLike<E>,
  handler: SaveFileHandler,
  options: RegistryOptions<E>
): () => void {
  ipcMain.handle(SAVE_FILE_CHANNEL, (event, input) =>
    answerTrustedSender('saveFile', event, options, () => handler(input))
  )
  return () => ipcMain.removeHandler(SAVE_FILE_CHANNEL)
}

/**
 * What only the desktop app offers the page, beside the operation table: the application menu's
 * actions (main → renderer) and saving a file through the native save dialog (renderer → main).
 * The Chromium harness and the CLI have neither: the page falls back to a browser download.
 */
import { z } from 'zod'
import { MENU_ACTIONS } from './menu-actions'
import type { MenuAction } from './menu-actions'
import type { Result } from './result'

export type { MenuAction }

/** The one payload the menu event may carry. */
export const MenuActionSchema = z.enum(MENU_ACTIONS)

/** Exports are a few MB at most (a 4× chart PNG); anything larger is refused before a dialog. */
export const MAX_SAVED_FILE_BYTES = 32 * 1024 * 1024

export const SAVE_FILE_KINDS = ['csv', 'png'] as const
export type SaveFileKind = (typeof SAVE_FILE_KINDS)[number]

/** A file name only: no folder, no control characters, the kind's extension. */
const SuggestedName = z
  .string()
  .min(1)
  .max(200)
  .refine((name) => !/[/\\]/.test(name), 'must be a file name, not a path')
  .refine(
    (name) => [...name].every((char) => char >= ' ' && char !== '\u007f'),
    'must not contain control characters'
  )
  .refine((name) => !name.startsWith('.'), 'must not start with a dot')

export const SaveFileInputSchema = z
  .strictObject({
    kind: z.enum(SAVE_FILE_KINDS),
    suggestedName: SuggestedName,
    bytes: z
      .instanceof(Uint8Array)
      .refine((bytes) => bytes.byteLength <= MAX_SAVED_FILE_BYTES, 'is larger than 32 MiB')
  })
  .refine((input) => input.suggestedName.toLowerCase().endsWith(`.${input.kind}`), {
    message: 'must end with the extension of its kind',
    path: ['suggestedName']
  })

export type SaveFileInput = z.infer<typeof SaveFileInputSchema>

/** `saved: false`: the user cancelled the dialog. The path chosen never leaves main. */
export interface SaveFileOutput {
  saved: boolean
}

export type SaveFile = (input: SaveFileInput) => Promise<Result<SaveFileOutput>>

/**
 * The IPC registry: every operation in CHANNELS goes through one dispatcher that checks the
 * sender, validates the input with the contract's zod schema and always answers a Result.
 */
import type { IpcMainInvokeEvent } from 'electron'
import { CHANNELS, OPERATIONS } from '@shared/channels'
import type { Operation } from '@shared/channels'
import { INPUT_SCHEMAS } from '@shared/contract'
import type { Handlers } from '@shared/contract'
import { err } from '@shared/result'
import type { Result } from '@shared/result'
import type { AppLogger } from '../logging/logger'
import { formatInputIssues } from './input-issues'

export interface RegistryOptions<E> {
  isTrustedSender(event: E): boolean
  logger: AppLogger
}

export type IpcMainLike<E = IpcMainInvokeEvent> = {
  handle(channel: string, listener: (event: E, ...args: unknown[]) => Promise<unknown>): void
  removeHandler(channel: string): void
}

export type Dispatch<E> = (
  operation: Operation,
  event: E,
  input: unknown
) => Promise<Result<unknown>>

const UNTRUSTED_MESSAGE =
  'This request did not come from the Market Explorer window and was refused.'
const INTERNAL_MESSAGE =
  'Something went wrong in the app. Try again; if it keeps happening, restart Market Explorer.'

type AnyHandler = (input: unknown) => Promise<Result<unknown>>

/** The single path every IPC request takes. Never throws. */
export function createDispatcher<E>(handlers: Handlers, options: RegistryOptions<E>): Dispatch<E> {
  const { logger } = options
  return async (operation, event, input) => {
    try {
      if (!options.isTrustedSender(event)) {
        logger.warn('ipc request refused: untrusted sender', { operation })
        return err('INTERNAL', UNTRUSTED_MESSAGE)
      }
      const parsed = INPUT_SCHEMAS[operation].safeParse(input)
      if (!parsed.success) {
        const { message, fields } = formatInputIssues(parsed.error.issues)
        return err('INVALID_INPUT', message, { details: { fields } })
      }
      const handler = handlers[operation] as AnyHandler
      return await handler(parsed.data)
    } catch (error) {
      logger.error('ipc handler failed', {
        operation,
        error: error instanceof Error ? error.name : typeof error
      })
      return err('INTERNAL', INTERNAL_MESSAGE)
    }
  }
}

/** Registers one ipcMain handler per operation; returns a function removing them all. */
export function registerHandlers<E = IpcMainInvokeEvent>(
  ipcMain: IpcMainLike<E>,
  handlers: Handlers,
  options: RegistryOptions<E>
): () => void {
  const dispatch = createDispatcher(handlers, options)
  for (const operation of OPERATIONS) {
    ipcMain.handle(CHANNELS[operation], (event, input) => dispatch(operation, event, input))
  }
  return () => {
    for (const operation of OPERATIONS) ipcMain.removeHandler(CHANNELS[operation])
  }
}

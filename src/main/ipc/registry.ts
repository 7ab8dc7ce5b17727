/**
 * The IPC registry: every operation in the operation table goes through one dispatcher that
 * checks the sender, validates the input with the table's zod schema and always answers a Result.
 */
import type { IpcMainInvokeEvent } from 'electron'
import { CHANNELS } from '@shared/channels'
import { OPERATION_NAMES, OPERATIONS } from '@shared/operations'
import type { Handlers, Operation } from '@shared/operations'
import { ERRORS } from '@shared/errors/catalogue'
import { err, failure } from '@shared/result'
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

type AnyHandler = (input: unknown) => Promise<Result<unknown>>

/** The single path every IPC request takes. Never throws. */
export function createDispatcher<E>(handlers: Handlers, options: RegistryOptions<E>): Dispatch<E> {
  const { logger } = options
  return async (operation, event, input) => {
    try {
      if (!options.isTrustedSender(event)) {
        logger.warn('ipc request refused: untrusted sender', { operation })
        return failure(ERRORS.untrustedSender())
      }
      const parsed = OPERATIONS[operation].input.safeParse(input)
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
      return failure(ERRORS.handlerFailed())
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
  for (const operation of OPERATION_NAMES) {
    ipcMain.handle(CHANNELS[operation], (event, input) => dispatch(operation, event, input))
  }
  return () => {
    for (const operation of OPERATION_NAMES) ipcMain.removeHandler(CHANNELS[operation])
  }
}

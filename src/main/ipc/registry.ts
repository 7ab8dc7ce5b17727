/**
 * The IPC registry: every operation in the operation table goes through one dispatcher that
 * checks the sender (createSenderCheck), validates the input with the table's zod schema (an
 * invalid one answers INVALID_INPUT naming each field) and always answers a Result.
 */
import type { IpcMainInvokeEvent } from 'electron'
import type { z } from 'zod'
import { CHANNELS } from '@shared/channels'
import { OPERATION_NAMES, OPERATIONS } from '@shared/operations'
import type { Handlers, Operation } from '@shared/operations'
import { ERRORS } from '@shared/errors/catalogue'
import { err, failure } from '@shared/result'
import type { Result } from '@shared/result'
import { issueList } from '@shared/validation'
import { errorName } from '../logging/logger'
import type { AppLogger } from '../logging/logger'
import { isRendererUrl } from '../window/renderer-location'
import type { RendererLocation } from '../window/renderer-location'

export interface RegistryOptions<E> {
  isTrustedSender(event: E): boolean
  logger: AppLogger
}

export type IpcMainLike<E = IpcMainInvokeEvent> = {
  handle(channel: string, listener: (event: E, ...args: unknown[]) => Promise<unknown>): void
  removeHandler(channel: string): void
}

type AnyHandler = (input: unknown) => Promise<Result<unknown>>

/** The single path every IPC request takes. Never throws. */
export function createDispatcher<E>(handlers: Handlers, options: RegistryOptions<E>) {
  return (operation: Operation, event: E, input: unknown): Promise<Result<unknown>> =>
    answerTrustedSender(operation, event, options, async () => {
      const parsed = OPERATIONS[operation].input.safeParse(input)
      if (!parsed.success) return invalidInput(parsed.error.issues)
      return (handlers[operation] as AnyHandler)(parsed.data)
    })
}

/** `answer()` for our own page only (every channel's sender check); never throws. */
async function answerTrustedSender<E, T>(
  operation: string,
  event: E,
  { isTrustedSender, logger }: RegistryOptions<E>,
  answer: () => Promise<Result<T>>
): Promise<Result<T>> {
  try {
    if (!isTrustedSender(event)) {
      logger.warn('ipc request refused: untrusted sender', { operation })
      return failure(ERRORS.untrustedSender())
    }
    return await answer()
  } catch (error) {
    logger.error('ipc handler failed', { operation, error: errorName(error) })
    return failure(ERRORS.handlerFailed())
  }
}

/**
 * Registers one ipcMain handler per operation, and each of `extra` (the desktop's saveFile, by
 * channel) behind the same sender check; returns a function removing them all.
 */
export function registerHandlers<E = IpcMainInvokeEvent>(
  ipcMain: IpcMainLike<E>,
  handlers: Handlers,
  options: RegistryOptions<E>,
  extra: Record<string, AnyHandler> = {}
): () => void {
  const dispatch = createDispatcher(handlers, options)
  const listeners = new Map<string, (event: E, input: unknown) => Promise<Result<unknown>>>()
  for (const operation of OPERATION_NAMES) {
    listeners.set(CHANNELS[operation], (event, input) => dispatch(operation, event, input))
  }
  for (const [channel, handler] of Object.entries(extra)) {
    listeners.set(channel, (event, input) =>
      answerTrustedSender(channel, event, options, () => handler(input))
    )
  }
  for (const [channel, listener] of listeners) ipcMain.handle(channel, listener)
  return () => {
    for (const channel of listeners.keys()) ipcMain.removeHandler(channel)
  }
}

/** INVALID_INPUT: one sentence listing each problem, and the field each concerns (`items.3.location`). */
export function invalidInput(issues: readonly z.core.$ZodIssue[]): Result<never> {
  const fields = issueList(issues, (path) => path.map(String).join('.') || '(input)')
  const parts = fields.map(({ field, message }) => `${field}: ${message}`)
  const text = `Invalid input: ${parts.join('; ')}`
  // Some messages are whole sentences already (e.g. the API key's): no second full stop.
  return err('INVALID_INPUT', /[.!?]$/.test(text) ? text : `${text}.`, { details: { fields } })
}

/** The part of Electron's IpcMainInvokeEvent the sender check reads. */
export interface SenderEvent {
  senderFrame: { url: string; parent: unknown } | null
}

/** Which IPC senders are ours: the top frame of our window, showing our renderer page. */
export function createSenderCheck(location: RendererLocation): (event: SenderEvent) => boolean {
  return (event) => {
    const frame = event.senderFrame
    // A destroyed frame reads as null; a subframe (iframe) has a parent.
    if (!frame || frame.parent !== null) return false
    return isRendererUrl(frame.url, location)
  }
}

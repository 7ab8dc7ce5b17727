/**
 * The embedded demo service's life: started on first use (again after a failure to start), with
 * a random per-launch key, and stopped once "Your service" is selected and nothing uses it (the
 * calls that were using it, and connection tests on it, end first).
 */
import { randomBytes } from 'node:crypto'
import { ERRORS } from '@shared/errors/catalogue'
import { failure, ok } from '@shared/result'
import type { Result } from '@shared/result'
import type { AppLogger } from '../logging/logger'

/** Starts the embedded service on a loopback port, accepting only `apiKey`. */
export type StartDemoService = (
  apiKey: string
) => Promise<{ baseUrl: string; close(): Promise<void> }>

export function createDemoLifecycle(options: {
  start: StartDemoService | undefined
  logger: AppLogger
  isDisposed: () => boolean
}) {
  const { logger } = options
  const key = randomBytes(32).toString('base64url')
  let running: ReturnType<StartDemoService> | undefined
  let baseUrl: string | undefined
  let holders = 0

  return {
    /** The key the demo service accepts (this launch's). */
    key,
    /** Its loopback address while it runs. */
    baseUrl: (): string | undefined => baseUrl,
    /** Starts it if need be: its address, or why there is none. */
    async address(): Promise<Result<string>> {
      const { start } = options
      if (!start) return failure(ERRORS.demoUnavailable())
      try {
        // Started once; a failed start is tried again by the next use.
        running ??= start(key).then(
          (service) => {
            baseUrl = service.baseUrl
            logger.info('demo service started', { baseUrl: service.baseUrl })
            return service
          },
          (error: unknown) => {
            running = undefined
            throw error
          }
        )
        const service = await running
        return options.isDisposed() ? failure(ERRORS.shuttingDown()) : ok(service.baseUrl)
      } catch (error) {
        logger.error('demo service could not start', {
          error: error instanceof Error ? error.message : String(error)
        })
        return failure(ERRORS.demoFailed())
      }
    },
    /** Keeps it running until the returned release is called (a call or a test that uses it). */
    hold(): () => void {
      holders += 1
      let released = false
      return () => {
        if (!released) holders -= 1
        released = true
      }
    },
    /**
     * Stops it when `selected` is false and nothing holds it, calling `beforeStop` first (to close
     * the client that uses it).
     */
    async stopUnused(selected: boolean, beforeStop: () => Promise<void>): Promise<void> {
      if (selected || holders > 0 || !running) return
      const service = running
      running = undefined
      baseUrl = undefined
      await beforeStop()
      await service.then((started) => started.close()).catch(() => undefined)
      logger.info('demo service stopped: your service is selected')
    },
    async dispose(): Promise<void> {
      const service = running
      running = undefined
      await service?.then((started) => started.close())
    }
  }
}

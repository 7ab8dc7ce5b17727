/**
 * What the CLI's output is compared with: the handlers of a demo app core made for the calling
 * test file and disposed after its tests.
 */
import { afterAll } from 'vitest'
import type { Handlers } from '@shared/operations'
import { temporaryAppCore } from '../app-core/temporary-app-core'

export function referenceHandlers(): Handlers {
  const core = temporaryAppCore()
  afterAll(() => core.cleanup())
  return core.handlers
}

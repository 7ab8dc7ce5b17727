/**
 * Issue 28 finding 9: a key echoed in any form the client recognises never reaches the window in a
 * batch's progress events: an answer holding it in data is refused, a service message or code
 * holding it is redacted.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { LookupRequest } from '@shared/contract'
import type { FaultServer } from '../../../test/support/client/fault-server'
import { startFaultServer } from '../../../test/support/client/fault-server'
import {
  ECHO_KEYS,
  ECHO_PLACES,
  echoingService,
  echoLocation,
  encodedForms,
  encodingsFor
} from '../../../test/support/client/key-encodings'
import { makeTestCore } from '../../../test/support/app-core/temporary-app-core'
import type { TestCore } from '../../../test/support/app-core/temporary-app-core'

let server: FaultServer
let core: TestCore | undefined
beforeAll(async () => {
  server = await startFaultServer()
})
afterAll(() => server.close())
afterEach(() => core?.cleanup())

describe('batch progress events: an echoed key never reaches the window', () => {
  for (const key of ECHO_KEYS) {
    it(`key ${JSON.stringify(key)} in every recognised form, in data, messages and codes`, async () => {
      const encodings = encodingsFor(key)
      server.setDefault(echoingService(key, encodings))
      core = makeTestCore()
      await core.handlers.setApiKey({ key, persistence: 'session' })
      await core.handlers.updateSettings({ connectionMode: 'remote', baseUrl: server.origin })
      const items = encodings.flatMap((_, encoding) =>
        ECHO_PLACES.map((_place, place): LookupRequest => ({
          kind: 'landPrice',
          location: echoLocation(encoding, place),
          countryCode: 'NG'
        }))
      )
      const reply = await core.handlers.batchLookup({ batchId: 'echo', items })
      expect(reply).toMatchObject({ ok: true, data: { cancelled: false } })
      const results = core.progress.flatMap((event) => event.items ?? [])
      expect(results).toHaveLength(items.length)
      for (const { index, result } of results) {
        const place = ECHO_PLACES[index % ECHO_PLACES.length]
        expect(result.ok).toBe(false)
        if (place === 'data') expect(result).toMatchObject({ error: { code: 'BAD_RESPONSE' } })
        if (place === 'message')
          expect(JSON.stringify(result)).toMatch(/bad key [\w+/=]*\[redacted\]/)
      }
      const sent = JSON.stringify(core.progress).toLowerCase()
      for (const form of encodedForms(key)) {
        expect(sent).not.toContain(form.toLowerCase())
        expect(sent).not.toContain(JSON.stringify(form).slice(1, -1).toLowerCase())
      }
    })
  }
})

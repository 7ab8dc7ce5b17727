/**
 * A service that echoes the key back, in any common encoding: errors and logs never show it, a
 * data payload holding it is refused as BAD_RESPONSE (never rewritten), and a key too short to
 * recognise does not make ordinary data look like a leak.
 */
import { describe, expect, it } from 'vitest'
import type { Result } from '@shared/result'
import { dynamic, envelope, json, text } from '../../../test/support/client/fault-server'
import type { Hit } from '../../../test/support/client/fault-server'
import { LOCATIONS, PRICE } from '../../../test/support/client/helpers'
import type { LogLine } from '../../../test/support/logging/capturing-logger'
import { useFaultServer } from '../../../test/support/client/helpers'
import {
  ECHO_KEYS,
  encodedForms,
  encodingsFor,
  halvesOf,
  KEY_ENCODINGS
} from '../../../test/support/client/key-encodings'

const INPUT = { location: 'lekki-phase-1', countryCode: 'NG', type: 'sale', beds: '3' } as const
const sentKey = (hit: Hit): string => String(hit.headers['api-key'])

function expectNoForm(key: string, ...values: unknown[]): void {
  const lower = values
    .map((value) => JSON.stringify(value))
    .join('\n')
    .toLowerCase()
  for (const form of encodedForms(key)) {
    expect(lower).not.toContain(form.toLowerCase())
    expect(lower).not.toContain(JSON.stringify(form).slice(1, -1).toLowerCase())
  }
}

describe('service client: an echoed key is redacted from errors and logs in every encoding', () => {
  const fault = useFaultServer()

  for (const key of ECHO_KEYS) {
    it.each(encodingsFor(key))(`key ${JSON.stringify(key)} echoed %s`, async (encoding) => {
      const encode = KEY_ENCODINGS[encoding]
      fault.server().queue(
        dynamic((hit) =>
          json(401, { success: false, message: `Key ${encode(sentKey(hit))} is not valid` })
        ),
        dynamic((hit) => text(502, `<pre>upstream said ${encode(sentKey(hit))}</pre>`)),
        dynamic((hit) => json(502, { message: `bad gateway for ${encode(sentKey(hit))}` }))
      )
      const { client, logs, guard } = fault.client({ getApiKey: () => key })
      const auth = await client.getResidentialPrice(INPUT)
      expect(auth).toMatchObject({ ok: false, error: { code: 'AUTH' } })
      expect(!auth.ok && auth.error.message).toMatch(
        /Key [\w+/=]*\[redacted\](?: … \[redacted\])?[\w+/=]* is not valid/
      )
      // The key refused: nothing more is sent until the user retries.
      expectNoForm(key, guard.state())
      guard.resume()
      const retried = await client.getResidentialPrice(INPUT)
      expect(retried).toMatchObject({ ok: false, error: { code: 'SERVER' } })
      expect(fault.server().hits.map(sentKey)).toEqual([key, key, key])
      expectNoForm(key, auth, retried, logs, guard.state())
    })
  }
})

describe('service client: a response holding the key is refused, never rewritten', () => {
  const fault = useFaultServer()

  for (const key of ECHO_KEYS) {
    it.each(encodingsFor(key))(`key ${JSON.stringify(key)} as %s in data`, async (encoding) => {
      const encode = KEY_ENCODINGS[encoding]
      fault
        .server()
        .queue(dynamic((hit) => envelope({ ...PRICE, location: `lekki ${encode(sentKey(hit))}` })))
      const { client, logs } = fault.client({ getApiKey: () => key })
      const result = await client.getResidentialPrice(INPUT)
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'BAD_RESPONSE', details: { field: 'data.location' } }
      })
      expect(!result.ok && result.error.message).toMatch(
        /contained your API key \(in data\.location\), so the app did not use it/
      )
      expectNoForm(key, result, logs)
    })
  }

  it('finds the key nested in the locations list (data.locations[2].name)', async () => {
    const [key] = ECHO_KEYS
    const place = LOCATIONS.locations[0]
    const locations = [place, { ...place, slug: 'ikoyi' }, { ...place, name: `Ikoyi ${key}` }]
    fault.server().queue(envelope({ sector: 'residential', locations }))
    const { client, logs } = fault.client({ getApiKey: () => key })
    const result = await client.listLocations({ sector: 'residential' })
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'BAD_RESPONSE', details: { field: 'data.locations[2].name' } }
    })
    expectNoForm(key, result, logs)
  })

  it('answers that merely resemble the key (a character changed in each half) are served unchanged', async () => {
    const [key] = ECHO_KEYS
    const changed = (half: string) => `${half.slice(0, 4)}#${half.slice(5)}`
    const place = LOCATIONS.locations[0]
    const near = {
      sector: 'residential',
      locations: [
        { ...place, name: changed(key.slice(0, -1)), city: halvesOf(key).map(changed).join('') }
      ]
    }
    fault.server().queue(envelope(near))
    const { client } = fault.client({ getApiKey: () => key })
    const result = await client.listLocations({ sector: 'residential' })
    expect(result).toMatchObject({ ok: true, data: near })
  })
})

describe('service client: a key too short to recognise never touches data', () => {
  const fault = useFaultServer()

  it.each(['1', 'NG', 'k-1'])('key %s: lekki-phase-1 is served as it came', async (key) => {
    fault.server().queue(envelope(LOCATIONS), envelope(PRICE))
    const { client } = fault.client({ getApiKey: () => key })
    const locations: Result<unknown> = await client.listLocations({ sector: 'residential' })
    expect(locations).toMatchObject({ ok: true, data: LOCATIONS })
    expect(await client.getResidentialPrice(INPUT)).toMatchObject({ ok: true, data: PRICE })
    expect(fault.server().hits.map(sentKey)).toEqual([key, key])
  })

  it('its exact echo is still redacted from an error', async () => {
    fault.server().queue(json(401, { success: false, message: 'key k-1 refused' }))
    const { client, logs } = fault.client({ getApiKey: () => 'k-1' })
    const result = await client.listLocations({ sector: 'residential' })
    expect(!result.ok && result.error.message).toContain('key [redacted] refused')
    expect(JSON.stringify([result, logs satisfies LogLine[]])).not.toContain('k-1')
  })
})

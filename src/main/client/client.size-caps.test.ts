/**
 * Issue 28 finding 1: each operation reads at most what its answer can need. A price, growth or
 * land answer is a few text fields of bounded length; only the locations list is large.
 */
import { describe, expect, it } from 'vitest'
import type { Result } from '@shared/result'
import type { Behaviour } from '../../../test/support/client/fault-server'
import { useFaultServer } from '../../../test/support/client/helpers'
import type { TestClient } from '../../../test/support/client/helpers'
import {
  FIGURE_CAP_BYTES,
  LOCATIONS_CAP_BYTES,
  MAX_GROWTH,
  MAX_LAND,
  MAX_PRICE,
  sizedEnvelope,
  sizedLocations
} from '../../../test/support/client/sized-answers'

const where = { location: 'lekki-phase-1', countryCode: 'NG' } as const
/** What a figure echoes of `where` (any other answer is refused, whatever its size). */
const echo = { location: 'lekki-phase-1', country_code: 'NG' }
const FIGURES: Array<
  [string, unknown, (client: TestClient['client']) => Promise<Result<unknown>>]
> = [
  [
    'getResidentialPrice',
    { ...MAX_PRICE, ...echo, beds: '3' },
    (c) => c.getResidentialPrice({ ...where, type: 'sale', beds: '3' })
  ],
  ['getGrowth', MAX_GROWTH, (c) => c.getGrowth({ ...where, sector: 'land' })],
  ['getLandPrice', { ...MAX_LAND, ...echo }, (c) => c.getLandPrice(where)]
]

/** Sends `body` as it is, chunked (no content-length) or with its length declared. */
const raw =
  (body: string, declared: boolean): Behaviour =>
  (_req, res) => {
    const length = declared ? { 'content-length': Buffer.byteLength(body) } : {}
    res.writeHead(200, { 'content-type': 'application/json', ...length })
    res.end(body)
  }

describe('service client: a response cap per operation', () => {
  const fault = useFaultServer()

  it.each(FIGURES)(
    `%s: the largest valid answer (${FIGURE_CAP_BYTES} bytes) is served, one byte more is refused`,
    async (_name, data, call) => {
      for (const declared of [true, false]) {
        fault
          .server()
          .queue(
            raw(sizedEnvelope(data, FIGURE_CAP_BYTES), declared),
            raw(sizedEnvelope(data, FIGURE_CAP_BYTES + 1), declared)
          )
        const { client } = fault.client()
        expect(await call(client)).toMatchObject({ ok: true })
        const over = await call(client)
        expect(over).toMatchObject({
          ok: false,
          error: { code: 'BAD_RESPONSE', details: { maxResponseBytes: FIGURE_CAP_BYTES } }
        })
      }
      expect(fault.server().hits).toHaveLength(4)
    }
  )

  it(`the locations list: ${LOCATIONS_CAP_BYTES} bytes served, one byte more refused`, async () => {
    fault
      .server()
      .queue(
        raw(sizedLocations(LOCATIONS_CAP_BYTES), false),
        raw(sizedLocations(LOCATIONS_CAP_BYTES + 1), false)
      )
    const { client } = fault.client()
    const listed = await client.listLocations({ sector: 'residential' })
    expect(listed.ok && listed.data.locations.length).toBeGreaterThan(600)
    expect(await client.listLocations({ sector: 'land' })).toMatchObject({
      ok: false,
      error: { code: 'BAD_RESPONSE', details: { maxResponseBytes: LOCATIONS_CAP_BYTES } }
    })
  })
})

import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { envelopeProblems, serviceRequest } from '../../test/support/service/fuzz-arbitraries'
import { testApp } from '../../test/support/service/helpers'

const app = testApp({ rateLimitPerSecond: 1_000_000 })
afterAll(() => app.close())

describe('property: any request gets the JSON envelope and never a 5xx', () => {
  it('holds for 1,500 random requests', async () => {
    await fc.assert(
      fc.asyncProperty(serviceRequest, async (input) => {
        expect((await envelopeProblems(app, input)).problems).toEqual([])
      }),
      { numRuns: 1_500 }
    )
  }, 60_000)
})

/** runCli leaves nothing behind: the demo service and its connections are closed when it returns. */
import { describe, expect, it } from 'vitest'
import { runCliCaptured } from '../../test/support/cli/run-cli'

const count = (names: string[], pattern: RegExp): number =>
  names.filter((name) => pattern.test(name)).length

describe('after runCli returns', () => {
  it('no server, socket or timer of the run is still active', async () => {
    const before = process.getActiveResourcesInfo()
    expect(count(before, /^TCP/)).toBe(0)
    const run = await runCliCaptured([
      'compare',
      '--locations',
      'ikoyi,yaba',
      '--beds',
      '2,3',
      '--json'
    ])
    expect(run.code).toBe(0)
    await new Promise((resolve) => setImmediate(resolve))
    const after = process.getActiveResourcesInfo()
    expect(count(after, /^TCP/)).toBe(0)
    expect(count(after, /Timeout/)).toBeLessThanOrEqual(count(before, /Timeout/))
  })
})

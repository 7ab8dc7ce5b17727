/** The real entry point in its own process: `npx tsx src/cli/index.ts …` works and exits promptly. */
import { describe, expect, it } from 'vitest'
import { referenceHandlers } from '../../test/support/cli/reference-handlers'
import { runCliProcess } from '../../test/support/cli/run-cli'
import { startSilentTcpServer } from '../../test/support/net/loopback'

const handlers = referenceHandlers()

/** `npx tsx src/cli/index.ts <args>`, killed after 30 s (a process left open shows as code null). */
function run(
  args: string[],
  env: Record<string, string> = {},
  options: { command?: string[]; interruptWhen?: Promise<void> } = {}
) {
  return runCliProcess(args, { env, command: ['npx', 'tsx'], killAfterMs: 30_000, ...options })
}

describe('npx tsx src/cli/index.ts', () => {
  it('locations --sector land --json: prints the data, stops the demo service, exits 0 promptly', async () => {
    const exited = await run(['locations', '--sector', 'land', '--json'])
    expect(exited.code, exited.stderr).toBe(0)
    const expected = await handlers.listLocations({ sector: 'land' })
    expect(expected.ok && JSON.parse(exited.stdout)).toEqual(expected.ok && expected.data)
    // A lingering demo service or socket would hold the process open until the 30 s kill (code null).
  }, 40_000)

  it('exit codes reach the shell: usage error 2, NOT_CONFIGURED 3', async () => {
    const usage = await run(['locations', '--sector', 'house'])
    expect(usage.code).toBe(2)
    expect(usage.stderr).toMatch(/error \[INVALID_INPUT\]: --sector must be residential or land/)
    const notConfigured = await run([
      'locations',
      '--sector',
      'land',
      '--base-url',
      'https://market.example.com'
    ])
    expect(notConfigured.code).toBe(3)
  }, 40_000)

  it('SIGINT cancels a hanging compare: exit 13 (CANCELLED), no table', async () => {
    // Plain node with the tsx loader: npx does not pass signals on to its child.
    let requestArrived = (): void => undefined
    const arrived = new Promise<void>((resolve) => (requestArrived = resolve))
    const silent = await startSilentTcpServer(() => requestArrived())
    try {
      const exited = await run(
        ['compare', '--locations', 'ikoyi,yaba', '--beds', '2', '--base-url', silent.origin],
        { MARKET_API_KEY: 'sk-signal-test-key' },
        { command: [process.execPath, '--import', 'tsx'], interruptWhen: arrived }
      )
      expect(exited.code, exited.stderr).toBe(13)
      expect(exited.stdout).toBe('')
      expect(exited.stderr).toMatch(/^error \[CANCELLED\]: /m)
      // CANCELLED (not TIMEOUT) shows the interrupt, not a timeout, ended the hanging requests.
    } finally {
      await silent.close()
    }
  }, 40_000)
})

/** The real entry point in its own process: `npx tsx src/cli/index.ts …` works and exits promptly. */
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Handlers } from '@shared/contract'
import { demoCore } from './test/helpers'

let core: ReturnType<typeof demoCore>
let handlers: Handlers
beforeAll(() => {
  core = demoCore()
  handlers = core.handlers
})
afterAll(() => core.cleanup())

interface Exited {
  code: number | null
  stdout: string
  stderr: string
  ms: number
}

function run(
  args: string[],
  env: Record<string, string> = {},
  options: { command?: string[]; interruptWhen?: Promise<void> } = {}
): Promise<Exited> {
  const started = Date.now()
  const [command = 'npx', ...prefix] = options.command ?? ['npx', 'tsx']
  const child = spawn(command, [...prefix, 'src/cli/index.ts', ...args], {
    env: { ...process.env, MARKET_API_KEY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000)
  // Interrupt once the CLI has shown it is running (its request reached the service).
  void options.interruptWhen?.then(() => child.kill('SIGINT'))
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(killer)
      resolve({ code, stdout, stderr, ms: Date.now() - started })
    })
  })
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
    const silent = createServer(() => requestArrived())
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const address = silent.address()
    const port = typeof address === 'object' && address ? address.port : 0
    try {
      const exited = await run(
        [
          'compare',
          '--locations',
          'ikoyi,yaba',
          '--beds',
          '2',
          '--base-url',
          `http://127.0.0.1:${port}`
        ],
        { MARKET_API_KEY: 'sk-signal-test-key' },
        { command: [process.execPath, '--import', 'tsx'], interruptWhen: arrived }
      )
      expect(exited.code, exited.stderr).toBe(13)
      expect(exited.stdout).toBe('')
      expect(exited.stderr).toMatch(/^error \[CANCELLED\]: /m)
      // CANCELLED (not TIMEOUT) shows the interrupt, not a timeout, ended the hanging requests.
    } finally {
      silent.close()
    }
  }, 40_000)
})

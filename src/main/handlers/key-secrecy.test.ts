/**
 * The API key must never leave main except in the API-KEY header: not in any reply (ok or error),
 * not in any log line, not in any file on disk (neither plain nor base64/hex encoded).
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startService } from '../../service'
import type { RunningService } from '../../service'
import { OPERATION_NAMES } from '@shared/operations'
import type { Operation } from '@shared/operations'
import { createDispatcher } from '../ipc/registry'
import { createSafeStorageVault } from '../vault/key-vault'
import type { SafeStorageLike } from '../vault/key-vault'
import { makeTestCore } from '../../../test/support/app-core/temporary-app-core'
import type { TestCore } from '../../../test/support/app-core/temporary-app-core'
import { capturingLogger } from '../../../test/support/logging/capturing-logger'
import type { LogLine } from '../../../test/support/logging/capturing-logger'

const KEY = `sk-live-${randomBytes(12).toString('hex')}-SECRET`
const WRONG_KEY = `sk-wrong-${randomBytes(12).toString('hex')}-SECRET`

const mockSafeStorage: SafeStorageLike = {
  isEncryptionAvailable: () => true,
  getSelectedStorageBackend: () => 'gnome_libsecret',
  encryptString: (text) =>
    Buffer.concat([Buffer.from('v11'), Buffer.from(Buffer.from(text).map((byte) => byte ^ 0x33))]),
  decryptString: (data) => Buffer.from(data.subarray(3).map((byte) => byte ^ 0x33)).toString('utf8')
}

/** One valid input per operation (as the renderer would send it). */
const INPUTS: Record<Operation, unknown> = {
  listLocations: { sector: 'residential' },
  getResidentialPrice: { location: 'ikoyi', countryCode: 'NG', type: 'rent', beds: '3' },
  getGrowth: {
    location: 'ikoyi',
    countryCode: 'NG',
    sector: 'residential',
    type: 'sale',
    beds: '3'
  },
  getLandPrice: { location: 'ikoyi', countryCode: 'NG' },
  resumeService: undefined,
  batchLookup: {
    batchId: 'secrecy',
    items: [
      { kind: 'residentialPrice', location: 'ikoyi', countryCode: 'NG', type: 'rent', beds: '3' },
      { kind: 'landPrice', location: 'no-such-place', countryCode: 'NG' },
      { kind: 'growth', location: 'ikoyi', countryCode: 'NG', sector: 'land' }
    ]
  },
  cancelBatch: { batchId: 'secrecy' },
  getSettings: undefined,
  updateSettings: { theme: 'dark' },
  setApiKey: undefined,
  clearApiKey: undefined,
  getKeyStatus: undefined,
  testConnection: undefined,
  cancelConnectionTest: undefined,
  getConnectionStatus: undefined,
  answerFlush: { flushId: 'secrecy-flush', written: 0, failed: 0 },
  exportReport: { suggestedName: 'market-report-ikoyi.pdf', paper: 'A4', footer: 'Ikoyi' }
}

let service: RunningService
let core: TestCore
const replies: unknown[] = []
const ipcLogs: LogLine[] = []

beforeAll(async () => {
  service = await startService({ apiKey: KEY })
  core = makeTestCore({
    vault: (store) => createSafeStorageVault({ safeStorage: mockSafeStorage, store }),
    emitBatchProgress: (event) => replies.push(event),
    // What the window is told of the service (its errors quote the service) is a reply too.
    emitServiceState: (state) => replies.push(state)
  })
})
afterAll(async () => {
  await core.cleanup()
  await service.close()
})

async function callEverything(): Promise<void> {
  const dispatch = createDispatcher(core.handlers, {
    isTrustedSender: () => true,
    logger: capturingLogger(ipcLogs)
  })
  for (const operation of OPERATION_NAMES) {
    if (operation === 'setApiKey' || operation === 'clearApiKey') continue
    replies.push(await dispatch(operation, {}, INPUTS[operation]))
  }
  // Invalid inputs and an untrusted sender produce error replies too.
  replies.push(await dispatch('getGrowth', {}, { location: 'Ikoyi!', countryCode: 'NGA' }))
  const untrusted = createDispatcher(core.handlers, {
    isTrustedSender: () => false,
    logger: capturingLogger(ipcLogs)
  })
  replies.push(await untrusted('getKeyStatus', {}, undefined))
}

function encodings(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8')
  return [
    secret,
    bytes.toString('base64'),
    bytes.toString('base64url'),
    bytes.toString('hex'),
    encodeURIComponent(secret)
  ]
}

describe('API key secrecy', () => {
  it('never returns, logs or stores the key in plain or encoded form', async () => {
    const { handlers } = core
    const dispatch = createDispatcher(handlers, {
      isTrustedSender: () => true,
      logger: capturingLogger(ipcLogs)
    })
    replies.push(
      await dispatch('updateSettings', {}, { connectionMode: 'remote', baseUrl: service.baseUrl })
    )
    replies.push(await dispatch('setApiKey', {}, { key: KEY, persistence: 'persistent' }))
    await callEverything()
    const okReplies = replies.filter(
      (reply) => typeof reply === 'object' && reply !== null && (reply as { ok?: boolean }).ok
    )
    expect(okReplies.length).toBeGreaterThan(8)

    replies.push(await dispatch('setApiKey', {}, { key: WRONG_KEY, persistence: 'persistent' }))
    await callEverything()
    const authErrors = JSON.stringify(replies).match(/"code":"AUTH"/g) ?? []
    expect(authErrors.length).toBeGreaterThan(3)
    expect(replies).toContainEqual(expect.objectContaining({ kind: 'stopped' }))

    replies.push(await dispatch('setApiKey', {}, { key: KEY, persistence: 'session' }))
    await callEverything()
    replies.push(await dispatch('clearApiKey', {}, undefined))
    await callEverything()

    const haystacks = {
      replies: JSON.stringify(replies),
      logs: JSON.stringify([...core.logs, ...ipcLogs]),
      files: core.filesText()
    }
    expect(core.logs.length).toBeGreaterThan(10)
    for (const [where, text] of Object.entries(haystacks)) {
      for (const secret of [...encodings(KEY), ...encodings(WRONG_KEY)]) {
        expect(text.includes(secret), `${where} contains a form of the key`).toBe(false)
      }
    }
  })

  it('stored the ciphertext while a persistent key was set', async () => {
    const dispatch = createDispatcher(core.handlers, {
      isTrustedSender: () => true,
      logger: capturingLogger(ipcLogs)
    })
    await dispatch('setApiKey', {}, { key: KEY, persistence: 'persistent' })
    const files = core.filesText()
    expect(files).toContain('apiKeyCiphertext')
    for (const secret of encodings(KEY)) expect(files.includes(secret)).toBe(false)
  })
})

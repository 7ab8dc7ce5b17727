import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SAVE_FILE_CHANNEL } from '@shared/channels'
import type { Handlers } from '@shared/operations'
import { silentLogger } from '../logging/logger'
import { createElectronFileSaver } from './electron-save-dialog'
import { registerHandlers } from '../ipc/registry'
import { createSaveFileHandler } from './save-file'

const electron = vi.hoisted(() => ({
  showSaveDialog: vi.fn(),
  downloads: ''
}))

vi.mock('electron', () => ({
  app: { getPath: (name: string) => (name === 'downloads' ? electron.downloads : '/nowhere') },
  dialog: { showSaveDialog: (...args: unknown[]) => electron.showSaveDialog(...args) }
}))

const window = { isDestroyed: () => false }
const csv = (text: string) => ({
  kind: 'csv',
  suggestedName: 'market-compare-2026-11-23.csv',
  bytes: new TextEncoder().encode(text)
})

let folder: string
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'market-save-'))
  electron.downloads = folder
  electron.showSaveDialog.mockReset()
})
afterEach(() => rmSync(folder, { recursive: true, force: true }))

function handler() {
  return createSaveFileHandler(
    createElectronFileSaver({ window: () => window as never, logger: silentLogger })
  )
}

describe('saving an export through the native dialog', () => {
  it('success: shows the dialog over the window in Downloads and writes the bytes there', async () => {
    const target = join(folder, 'chosen.csv')
    electron.showSaveDialog.mockResolvedValue({ canceled: false, filePath: target })
    const result = await handler()(csv('a,b\r\n1,2\r\n'))
    expect(result).toEqual({ ok: true, data: { saved: true } })
    expect(readFileSync(target, 'utf8')).toBe('a,b\r\n1,2\r\n')
    const [parent, request] = electron.showSaveDialog.mock.calls[0] ?? []
    expect(parent).toBe(window)
    expect(request).toMatchObject({
      defaultPath: join(folder, 'market-compare-2026-11-23.csv'),
      filters: [{ name: 'CSV table', extensions: ['csv'] }]
    })
  })

  it('adds the extension when the dialog returns a name without one', async () => {
    electron.showSaveDialog.mockResolvedValue({ canceled: false, filePath: join(folder, 'chart') })
    const png = { kind: 'png', suggestedName: 'chart.png', bytes: new Uint8Array([137, 80]) }
    expect(await handler()(png)).toEqual({ ok: true, data: { saved: true } })
    expect([...readFileSync(join(folder, 'chart.png'))]).toEqual([137, 80])
  })

  it('cancel: answers saved false and writes nothing', async () => {
    electron.showSaveDialog.mockResolvedValue({ canceled: true, filePath: '' })
    expect(await handler()(csv('x'))).toEqual({ ok: true, data: { saved: false } })
    expect(() => readFileSync(join(folder, 'market-compare-2026-11-23.csv'))).toThrow()
  })

  it('write error: says why and what to do, without the path', async () => {
    const taken = join(folder, 'taken.csv')
    mkdirSync(taken)
    electron.showSaveDialog.mockResolvedValue({ canceled: false, filePath: taken })
    const result = await handler()(csv('x'))
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'INTERNAL',
        message:
          'The CSV file could not be saved (a folder is in the way). Export again and choose another folder.'
      }
    })
    expect(JSON.stringify(result)).not.toContain(folder)
  })

  it.each([
    ['a path as the name', { ...csv('x'), suggestedName: '../../etc/passwd.csv' }],
    ['the wrong extension', { ...csv('x'), suggestedName: 'run.exe' }],
    ['a hidden name', { ...csv('x'), suggestedName: '.bashrc.csv' }],
    ['a control character', { ...csv('x'), suggestedName: 'a\nb.csv' }],
    ['text instead of bytes', { ...csv('x'), bytes: 'a,b' }],
    ['an unknown kind', { ...csv('x'), kind: 'exe' }],
    ['an extra field', { ...csv('x'), path: '/tmp/x.csv' }]
  ])('refuses %s before any dialog', async (_name, input) => {
    const result = await handler()(input)
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } })
    expect(electron.showSaveDialog).not.toHaveBeenCalled()
  })
})

describe('the save-file channel', () => {
  it('answers our window only, on its own channel', async () => {
    const handlers = new Map<string, (event: string, input: unknown) => Promise<unknown>>()
    const ipc = {
      handle: (channel: string, listener: (event: string, input: unknown) => Promise<unknown>) =>
        handlers.set(channel, listener),
      removeHandler: (channel: string) => handlers.delete(channel)
    }
    const save = vi.fn(() => Promise.resolve({ ok: true as const, data: { saved: true } }))
    const options = { isTrustedSender: (event: string) => event === 'ours', logger: silentLogger }
    const remove = registerHandlers(ipc, {} as Handlers, options, {
      [SAVE_FILE_CHANNEL]: save
    })
    const listener = handlers.get(SAVE_FILE_CHANNEL)
    expect(await listener?.('ours', csv('x'))).toEqual({ ok: true, data: { saved: true } })
    expect(await listener?.('someone else', csv('x'))).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' }
    })
    expect(save).toHaveBeenCalledTimes(1)
    remove()
    expect(handlers.size).toBe(0)
  })
})

/**
 * A page's preload, run as Electron's sandbox runs it: its own V8 context with no Node, a
 * `require` that knows only `electron`, and a renderer-side `electron` (contextBridge and
 * ipcRenderer) wired to main through `ipc`. What it exposes is what the page would see.
 */
import { readFileSync } from 'node:fs'
import { createContext, runInContext } from 'node:vm'

export interface PageIpc {
  invoke(channel: string, args: readonly unknown[]): Promise<unknown>
}

type RendererListener = (event: unknown, ...args: unknown[]) => void

export interface Page {
  /** What the preload gave `contextBridge.exposeInMainWorld`, by key (`market`). */
  readonly exposed: ReadonlyMap<string, unknown>
  /** A main → renderer message (`webContents.send`), delivered to the preload's listeners. */
  deliver(channel: string, args: readonly unknown[]): void
  /** The channels the preload listens on. */
  listenedChannels(): string[]
}

export function runPreload(preloadPath: string, ipc: PageIpc): Page {
  const exposed = new Map<string, unknown>()
  const listeners = new Map<string, RendererListener[]>()
  const ipcRenderer = {
    invoke: (channel: string, ...args: unknown[]) => ipc.invoke(channel, args),
    on(channel: string, listener: RendererListener) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener])
      return ipcRenderer
    },
    removeListener(channel: string, listener: RendererListener) {
      listeners.set(
        channel,
        (listeners.get(channel) ?? []).filter((registered) => registered !== listener)
      )
      return ipcRenderer
    }
  }
  const electron = {
    contextBridge: {
      exposeInMainWorld(key: string, api: unknown) {
        if (exposed.has(key)) throw new Error(`Cannot bind an API on top of an existing property`)
        exposed.set(key, api)
      }
    },
    ipcRenderer
  }
  const sandboxRequire = (id: string): unknown => {
    if (id === 'electron') return electron
    throw new Error(`module not found: ${id} (a sandboxed preload can only require electron)`)
  }
  const context = createContext({ console })
  const source = readFileSync(preloadPath, 'utf8')
  const wrapped = runInContext(`(function (exports, require, module) {${source}\n})`, context, {
    filename: preloadPath
  }) as (exports: object, require: (id: string) => unknown, module: object) => void
  const module = { exports: {} }
  wrapped(module.exports, sandboxRequire, module)
  return {
    exposed,
    deliver(channel, args) {
      for (const listener of listeners.get(channel) ?? []) {
        listener({ sender: ipcRenderer, senderId: 0 }, ...structuredClone(args))
      }
    },
    listenedChannels: () =>
      [...listeners.entries()]
        .filter(([, registered]) => registered.length > 0)
        .map(([channel]) => channel)
  }
}

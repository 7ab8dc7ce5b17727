/** Sandboxed preload: exposes `window.market` (typed in src/shared/market-global.ts). */
import { contextBridge, ipcRenderer } from 'electron'
import type { IpcRendererEvent } from 'electron'
import { createMarketApi } from './bridge'

const market = createMarketApi(
  (channel, input) => ipcRenderer.invoke(channel, input),
  (event, listener) => {
    // The page never sees the IpcRendererEvent (it would expose ipcRenderer.sender).
    const wrapped = (_event: IpcRendererEvent, payload: unknown): void => listener(payload)
    ipcRenderer.on(event, wrapped)
    return () => void ipcRenderer.removeListener(event, wrapped)
  },
  { desktop: true }
)

contextBridge.exposeInMainWorld('market', market)

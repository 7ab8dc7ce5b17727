import { contextBridge } from 'electron'

contextBridge.exposeInMainWorld('marketInfo', { ready: true })

/**
 * `window.market`, exposed by the preload script (src/preload/index.ts) through contextBridge.
 * Type-only: importing nothing at run time, so any tsconfig that includes src/shared sees it.
 */
import type { MarketApi } from './operations'

declare global {
  interface Window {
    market: MarketApi
  }
}

export {}

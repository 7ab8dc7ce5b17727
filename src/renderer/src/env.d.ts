/// <reference types="vite/client" />
import type { MarketQueryError } from './data/market-result'
import type {} from '@shared/market-global'

declare module '@tanstack/react-query' {
  interface Register {
    /** Every query and mutation function turns failures into MarketQueryError. */
    defaultError: MarketQueryError
  }
}

declare global {
  /** Injected by the build (electron.vite.config.ts, vitest.config.ts) from package.json. */
  const __APP_VERSION__: string
}

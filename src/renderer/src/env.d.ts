/// <reference types="vite/client" />
import type { MarketQueryError } from './api/market-result'

declare module '@tanstack/react-query' {
  interface Register {
    /** Every query and mutation function turns failures into MarketQueryError. */
    defaultError: MarketQueryError
  }
}

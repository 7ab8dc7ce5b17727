/**
 * Runs in the page (bundled by global-setup): builds window.market with the SAME bridge code the
 * preload uses, with Electron's transport replaced by a Playwright binding (requests) and a page
 * function the harness calls (main → renderer events).
 */
import { createMarketApi } from '../../src/preload/bridge'

type Listener = (payload: unknown) => void

interface HarnessWindow {
  __marketInvoke(channel: string, input: unknown): Promise<unknown>
  __marketEmit(event: string, payload: unknown): void
}

const harness = window as unknown as Window & HarnessWindow
const listeners = new Map<string, Set<Listener>>()

harness.__marketEmit = (event, payload) => {
  for (const listener of listeners.get(event) ?? []) listener(payload)
}

Object.defineProperty(window, 'market', {
  value: createMarketApi(
    (channel, input) => harness.__marketInvoke(channel, input),
    (event, listener) => {
      const set = listeners.get(event) ?? new Set<Listener>()
      set.add(listener)
      listeners.set(event, set)
      return () => set.delete(listener)
    }
  ),
  writable: false,
  configurable: false
})

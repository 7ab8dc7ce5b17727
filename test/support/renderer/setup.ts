import '@testing-library/jest-dom/vitest'
import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// recharts' ResponsiveContainer and the virtual list observe sizes; jsdom has no layout.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in globalThis)) {
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub })
}

// Give the virtualised list a viewport so it renders rows (jsdom reports 0 for every size).
for (const [property, size] of [
  ['clientHeight', 640],
  ['clientWidth', 800],
  ['offsetHeight', 640],
  ['offsetWidth', 800]
] as const) {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, property)
  Object.defineProperty(HTMLElement.prototype, property, {
    configurable: true,
    get(this: HTMLElement) {
      if (this.hasAttribute('data-virtual-scroll')) return size
      return original?.get?.call(this) ?? 0
    }
  })
}

// jsdom's <dialog> has no showModal (Chromium's does, and makes the page behind it inert): open
// in place, and Escape cancels, as in the browser.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.open = true
  this.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') this.dispatchEvent(new Event('cancel', { cancelable: true }))
  })
}

// jsdom's Blob has no arrayBuffer() (Chromium's, where the app runs, has): read it as jsdom can.
Blob.prototype.arrayBuffer ??= function arrayBuffer(this: Blob) {
  return new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as ArrayBuffer)
    reader.onerror = () => reject(reader.error ?? new Error('The blob could not be read.'))
    reader.readAsArrayBuffer(this)
  })
}

// Two-core CI machines: lazy screens (recharts) can take a moment to load the first time.
configure({ asyncUtilTimeout: 4000 })

// recharts measures its container once on mount: give chart containers a size so they draw.
const originalRect = Element.prototype.getBoundingClientRect
Element.prototype.getBoundingClientRect = function getBoundingClientRect(this: Element) {
  if (this.classList.contains('recharts-responsive-container')) return new DOMRect(0, 0, 560, 260)
  return originalRect.call(this)
}

afterEach(() => {
  cleanup()
  window.localStorage.clear()
  window.location.hash = ''
})

/** Electron's preventable events (`close`, `before-quit`, `will-navigate`…): what a listener gets. */
export interface PreventableEvent {
  preventDefault(): void
  readonly defaultPrevented: boolean
}

export function preventableEvent<T extends object>(fields?: T): PreventableEvent & T {
  let prevented = false
  const event = {
    preventDefault: () => {
      prevented = true
    },
    get defaultPrevented() {
      return prevented
    }
  }
  return Object.assign(event, fields)
}

/**
 * The stand-in's `ipcMain`: records `handle` registrations (refusing a second handler for a
 * channel, as Electron does) and answers `invoke`s the way Electron's IPC does: arguments and
 * reply go through the structured clone, and a missing handler rejects.
 */
export type InvokeHandler = (event: unknown, ...args: unknown[]) => unknown
type Listener = (event: unknown, ...args: unknown[]) => void

export class StandInIpcMain {
  readonly handlers = new Map<string, InvokeHandler>()
  readonly listeners = new Map<string, Listener[]>()

  handle(channel: string, handler: InvokeHandler): void {
    if (this.handlers.has(channel)) {
      throw new Error(`Attempted to register a second handler for '${channel}'`)
    }
    this.handlers.set(channel, handler)
  }

  handleOnce(channel: string, handler: InvokeHandler): void {
    this.handle(channel, (event, ...args) => {
      this.removeHandler(channel)
      return handler(event, ...args)
    })
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel)
  }

  on(channel: string, listener: Listener): this {
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), listener])
    return this
  }

  once(channel: string, listener: Listener): this {
    return this.on(channel, listener)
  }

  removeListener(channel: string, listener: Listener): this {
    this.listeners.set(
      channel,
      (this.listeners.get(channel) ?? []).filter((registered) => registered !== listener)
    )
    return this
  }

  removeAllListeners(channel?: string): this {
    if (channel === undefined) this.listeners.clear()
    else this.listeners.delete(channel)
    return this
  }

  /** `ipcRenderer.invoke` arriving in main with `event` as its sender. */
  async invoke(channel: string, event: unknown, args: readonly unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel)
    if (!handler) {
      throw new Error(
        `Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`
      )
    }
    try {
      return structuredClone(await handler(event, ...structuredClone(args)))
    } catch (error) {
      throw new Error(`Error invoking remote method '${channel}': ${String(error)}`)
    }
  }
}

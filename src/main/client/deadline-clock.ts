/**
 * One timer for many deadlines. Each request used to arm two or three timers of its own; here
 * every pending deadline sits in a list per duration (a list stays in deadline order, because
 * entries of one duration are added in time order), and a single timer is armed for the earliest
 * head. Cancelling unlinks in O(1) and never re-arms the timer: it may wake early and re-arm.
 */

export interface DeadlineEntry {
  /** Removes the deadline; its callback will not run. Safe to call more than once. */
  cancel(): void
}

interface Node extends DeadlineEntry {
  due: number
  fire: () => void
  list: List | undefined
  prev: Node | undefined
  next: Node | undefined
}

interface List {
  head: Node | undefined
  tail: Node | undefined
}

export class DeadlineClock {
  private readonly lists = new Map<number, List>()
  private timer: ReturnType<typeof setTimeout> | undefined
  private timerDue = Infinity
  private pending = 0

  /** Runs `fire` once, `ms` from now, unless the returned entry is cancelled first. */
  after(ms: number, fire: () => void): DeadlineEntry {
    let list = this.lists.get(ms)
    if (!list) {
      list = { head: undefined, tail: undefined }
      this.lists.set(ms, list)
    }
    const node: Node = {
      due: performance.now() + ms,
      fire,
      list,
      prev: list.tail,
      next: undefined,
      cancel: () => this.unlink(node)
    }
    if (list.tail) list.tail.next = node
    else list.head = node
    list.tail = node
    this.pending += 1
    if (node.due < this.timerDue) this.arm(node.due)
    return node
  }

  private unlink(node: Node): void {
    const list = node.list
    if (!list) return
    if (node.prev) node.prev.next = node.next
    else list.head = node.next
    if (node.next) node.next.prev = node.prev
    else list.tail = node.prev
    node.list = node.prev = node.next = undefined
    this.pending -= 1
    if (this.pending === 0) this.disarm()
  }

  private arm(due: number): void {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timerDue = due
    this.timer = setTimeout(() => this.tick(), Math.max(1, Math.ceil(due - performance.now())))
  }

  private disarm(): void {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
    this.timerDue = Infinity
  }

  private tick(): void {
    this.timer = undefined
    this.timerDue = Infinity
    const now = performance.now()
    const due: Node[] = []
    let earliest = Infinity
    for (const list of this.lists.values()) {
      while (list.head && list.head.due <= now) {
        const node = list.head
        due.push(node)
        this.unlink(node)
      }
      if (list.head && list.head.due < earliest) earliest = list.head.due
    }
    if (earliest < Infinity) this.arm(earliest)
    for (const node of due) node.fire()
  }
}

/** The process's deadline clock, shared by every client. */
export const deadlineClock = new DeadlineClock()

/**
 * One timer for many deadlines. Each request used to arm two or three timers of its own; here
 * every pending deadline sits in a list per duration (a list stays in deadline order, because
 * entries of one duration are added in time order), and a single timer is armed for the earliest
 * head. Cancelling unlinks in O(1) and never touches the timer: it may wake with nothing due and
 * re-arm for the earliest head, or stop when none is left. The timer is unref'd: a deadline only
 * matters while its request holds a socket, which keeps the process alive itself.
 */

export interface DeadlineEntry {
  /** Removes the deadline; its callback will not run. Safe to call more than once. */
  cancel(): void
}

class Node implements DeadlineEntry {
  prev: Node | undefined
  next: Node | undefined = undefined
  constructor(
    readonly due: number,
    readonly fire: () => void,
    public list: List | undefined
  ) {
    this.prev = list?.tail
  }

  cancel(): void {
    const list = this.list
    if (!list) return
    if (this.prev) this.prev.next = this.next
    else list.head = this.next
    if (this.next) this.next.prev = this.prev
    else list.tail = this.prev
    this.list = this.prev = this.next = undefined
  }
}

interface List {
  head: Node | undefined
  tail: Node | undefined
}

export class DeadlineClock {
  private readonly lists = new Map<number, List>()
  private timer: ReturnType<typeof setTimeout> | undefined
  private timerDue = Infinity

  /** Runs `fire` once, `ms` from now, unless the returned entry is cancelled first. */
  after(ms: number, fire: () => void): DeadlineEntry {
    let list = this.lists.get(ms)
    if (!list) {
      list = { head: undefined, tail: undefined }
      this.lists.set(ms, list)
    }
    const node = new Node(performance.now() + ms, fire, list)
    if (list.tail) list.tail.next = node
    else list.head = node
    list.tail = node
    if (node.due < this.timerDue) this.arm(node.due)
    return node
  }

  private arm(due: number): void {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timerDue = due
    this.timer = setTimeout(() => this.tick(), Math.max(1, Math.ceil(due - performance.now())))
    this.timer.unref()
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
        node.cancel()
      }
      if (list.head && list.head.due < earliest) earliest = list.head.due
    }
    if (earliest < Infinity) this.arm(earliest)
    for (const node of due) node.fire()
  }
}

/** The process's deadline clock, shared by every client. */
export const deadlineClock = new DeadlineClock()

/** Counts cases per group (route family, operation …) and turns them into report rows. */
import type { ReliabilityRow } from '../lib/results'

/** What a case had to come to: answered, or refused. */
export type Expectation = 'served' | 'rejected'

interface Tally {
  tried: number
  served: number
  rejected: number
  outcomes: Map<string, number>
  failures: string[]
}

export function createTally(area: string) {
  const groups = new Map<string, Tally>()
  const groupFor = (name: string): Tally => {
    let tally = groups.get(name)
    if (!tally) {
      tally = { tried: 0, served: 0, rejected: 0, outcomes: new Map(), failures: [] }
      groups.set(name, tally)
    }
    return tally
  }
  return {
    /**
     * One case: its group (the row id), what it came to (e.g. a status or error code), what it
     * had to come to, and the problem when it did not.
     */
    add(group: string, outcome: string, expected: Expectation, problem?: string): void {
      const tally = groupFor(group)
      tally.tried += 1
      tally.outcomes.set(outcome, (tally.outcomes.get(outcome) ?? 0) + 1)
      if (problem === undefined) tally[expected] += 1
      else if (tally.failures.length < 3) tally.failures.push(problem)
    },
    rows(extra = ''): ReliabilityRow[] {
      return [...groups.entries()].map(([name, tally]) => {
        const passed = tally.served + tally.rejected
        return {
          id: name,
          area,
          case: name,
          tried: tally.tried,
          passed,
          split: { served: tally.served, rejected: tally.rejected },
          lost:
            passed === tally.tried
              ? 'nothing'
              : `${tally.tried - passed} failed, e.g. ${tally.failures.join(' | ')}`,
          outcome:
            [...tally.outcomes.entries()]
              .sort((a, b) => b[1] - a[1])
              .map(([outcome, count]) => `${outcome} ×${count}`)
              .join(', ') + extra
        }
      })
    }
  }
}

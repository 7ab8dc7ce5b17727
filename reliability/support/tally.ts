/** Counts cases per group (route family, operation …) and turns them into report rows. */
import type { ReliabilityRow } from '../lib/results'

interface Tally {
  tried: number
  passed: number
  outcomes: Map<string, number>
  failures: string[]
}

export function createTally(area: string) {
  const groups = new Map<string, Tally>()
  const groupFor = (name: string): Tally => {
    let tally = groups.get(name)
    if (!tally) {
      tally = { tried: 0, passed: 0, outcomes: new Map(), failures: [] }
      groups.set(name, tally)
    }
    return tally
  }
  return {
    /** One case: its group, what it came to (e.g. a status or error code), and any problem. */
    add(group: string, outcome: string, problem?: string): void {
      const tally = groupFor(group)
      tally.tried += 1
      tally.outcomes.set(outcome, (tally.outcomes.get(outcome) ?? 0) + 1)
      if (problem === undefined) tally.passed += 1
      else if (tally.failures.length < 3) tally.failures.push(problem)
    },
    rows(extra = ''): ReliabilityRow[] {
      return [...groups.entries()].map(([name, tally]) => ({
        area,
        case: name,
        tried: tally.tried,
        passed: tally.passed,
        lost:
          tally.passed === tally.tried
            ? 'nothing'
            : `${tally.tried - tally.passed} failed, e.g. ${tally.failures.join(' | ')}`,
        outcome:
          [...tally.outcomes.entries()]
            .sort((a, b) => b[1] - a[1])
            .map(([outcome, count]) => `${outcome} ×${count}`)
            .join(', ') + extra
      }))
    }
  }
}

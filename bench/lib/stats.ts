/** Small statistics for benchmark samples. */

/** The value at fraction `p` (0..1) of the sorted samples, nearest rank. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error('percentile of no samples')
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))
  return sorted[rank] as number
}

export const median = (samples: readonly number[]): number => percentile(samples, 0.5)

/** Times `work` once, in milliseconds. */
export async function timeMs(work: () => unknown): Promise<number> {
  const started = performance.now()
  await work()
  return performance.now() - started
}

/**
 * Runs `ours` and `baseline` in alternating rounds so both see the same machine noise, and
 * returns every round's figure for each.
 */
export async function alternate(
  rounds: number,
  ours: () => Promise<number>,
  baseline: () => Promise<number>
): Promise<{ ours: number[]; baseline: number[] }> {
  const result = { ours: [] as number[], baseline: [] as number[] }
  for (let round = 0; round < rounds; round += 1) {
    if (round % 2 === 0) {
      result.baseline.push(await baseline())
      result.ours.push(await ours())
    } else {
      result.ours.push(await ours())
      result.baseline.push(await baseline())
    }
  }
  return result
}

export interface Spread {
  min: number
  p25: number
  median: number
  p75: number
  max: number
}

/** The smallest, largest, median and quartiles of the samples (nearest rank). */
export function spread(samples: readonly number[]): Spread {
  return {
    min: percentile(samples, 0),
    p25: percentile(samples, 0.25),
    median: median(samples),
    p75: percentile(samples, 0.75),
    max: percentile(samples, 1)
  }
}

/** `ours[i] / baseline[i]` for each round of `alternate`: both halves of a pair ran back to back. */
export function pairRatios(ours: readonly number[], baseline: readonly number[]): number[] {
  if (ours.length !== baseline.length) throw new Error('pair ratios of unequal sample counts')
  return ours.map((value, index) => value / (baseline[index] as number))
}

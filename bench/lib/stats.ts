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

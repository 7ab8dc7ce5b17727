import { render, waitFor } from '@testing-library/react'
import { Bar, BarChart, XAxis, YAxis } from 'recharts'
import { describe, expect, it } from 'vitest'
import { roundTicks } from './chart-axes'

/** The y-axis tick labels of a bar chart of `values` drawn with `axis`. */
async function yTicks(
  values: readonly number[],
  axis: ReturnType<typeof roundTicks>
): Promise<number[]> {
  const data = values.map((value, index) => ({ name: `p${index}`, value }))
  const { container } = render(
    <BarChart width={400} height={260} data={data}>
      <XAxis dataKey="name" />
      <YAxis {...axis} />
      <Bar dataKey="value" isAnimationActive={false} />
    </BarChart>
  )
  const labels = () =>
    container.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
  await waitFor(() => expect(labels().length).toBeGreaterThan(1))
  return [...labels()].map((tick) => Number(tick.textContent))
}

/** A step of 1, 2, 2.5 or 5 × 10ⁿ. */
function isRoundStep(step: number): boolean {
  const magnitude = Math.pow(10, Math.floor(Math.log10(step)))
  return [1, 2, 2.5, 5, 10].some((nice) => Math.abs(step / magnitude - nice) < 1e-9)
}

function steps(ticks: readonly number[]): number[] {
  return ticks.slice(1).map((tick, index) => tick - (ticks[index] ?? 0))
}

describe('roundTicks', () => {
  it('puts ticks on round values where the default steps by 0.65', async () => {
    const ticks = await yTicks([0.4, 2.6], roundTicks())
    expect(ticks[0]).toBe(0)
    expect(ticks).not.toContain(0.65)
    expect(steps(ticks).every(isRoundStep)).toBe(true)
    expect(Math.max(...ticks)).toBeGreaterThanOrEqual(2.6)
  })

  it('starts a value axis at zero even when every value is far above it', async () => {
    const ticks = await yTicks([52_000_000, 130_000_000], roundTicks())
    expect(ticks[0]).toBe(0)
    expect(steps(ticks).every(isRoundStep)).toBe(true)
  })

  it('reaches below zero, on a round tick, for a fall', async () => {
    const ticks = await yTicks([-1.3, 4.2], roundTicks())
    expect(Math.min(...ticks)).toBeLessThanOrEqual(-1.3)
    expect(ticks).toContain(0)
    expect(steps(ticks).every(isRoundStep)).toBe(true)
  })

  it('without fromZero starts at a round tick just below the lowest value', async () => {
    const ticks = await yTicks([5.2, 9.1], roundTicks({ fromZero: false }))
    expect(ticks[0]).toBeGreaterThan(0)
    expect(ticks[0]).toBeLessThanOrEqual(5.2)
    expect(steps(ticks).every(isRoundStep)).toBe(true)
  })
})

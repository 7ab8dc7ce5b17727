import { describe, expect, it } from 'vitest'
import { placeLabels } from './scatter-marks'

const PLOT = { x: 60, y: 10, width: 480, height: 220 }
const HEIGHT = 14

type Spot = NonNullable<ReturnType<typeof placeLabels>[number]>

/** The box a placed name covers, estimated as placeLabels does (6.5 px a character). */
function boxOf(spot: Spot, name: string) {
  const width = name.length * 6.5
  const x =
    spot.anchor === 'start' ? spot.x : spot.anchor === 'end' ? spot.x - width : spot.x - width / 2
  return { x, y: spot.y - HEIGHT / 2, width, height: HEIGHT }
}

const overlap = (a: ReturnType<typeof boxOf>, b: ReturnType<typeof boxOf>) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

describe('placeLabels', () => {
  it('puts a lone name right of its point', () => {
    expect(placeLabels([{ x: 200, y: 100, name: 'Yaba' }], PLOT)).toEqual([
      { x: 209, y: 100, anchor: 'start' }
    ])
  })

  it('moves a name that would cover another ("Victoria Island" over "Gwarinpa")', () => {
    const victoriaPoint = { x: 300, y: 120, name: 'Victoria Island' }
    const gwarinpaPoint = { x: 306, y: 126, name: 'Gwarinpa' }
    const points = [victoriaPoint, gwarinpaPoint]
    const [first, second] = placeLabels(points, PLOT)
    if (!first || !second) throw new Error('a name was left out')
    const victoria = boxOf(first, 'Victoria Island')
    const gwarinpa = boxOf(second, 'Gwarinpa')
    expect(overlap(victoria, gwarinpa)).toBe(false)
    // Neither name covers the other's point (a 12 px marker).
    const marker = (point: { x: number; y: number }) => ({
      x: point.x - 6,
      y: point.y - 6,
      width: 12,
      height: 12
    })
    expect(overlap(victoria, marker(gwarinpaPoint))).toBe(false)
    expect(overlap(gwarinpa, marker(victoriaPoint))).toBe(false)
  })

  it('keeps names inside the plot: a point at the right edge is named on its left', () => {
    const [spot] = placeLabels([{ x: 535, y: 100, name: 'Kilimani' }], PLOT)
    expect(spot).toEqual({ x: 526, y: 100, anchor: 'end' })
  })

  it('leaves a name out when every spot around its point is taken, never drawing it over another', () => {
    const crowd = [
      { x: 300, y: 120, name: 'Lekki Phase 1' },
      { x: 300, y: 120, name: 'Ikoyi' },
      { x: 300, y: 120, name: 'Victoria Island' },
      { x: 300, y: 120, name: 'Gwarinpa' },
      { x: 300, y: 120, name: 'Maitama' }
    ]
    const spots = placeLabels(crowd, PLOT)
    expect(spots.filter(Boolean)).toHaveLength(4)
    expect(spots[4]).toBeUndefined()
    const boxes = spots.flatMap((spot, index) =>
      spot ? [boxOf(spot, crowd[index]?.name ?? '')] : []
    )
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) expect(overlap(a, b)).toBe(false)
    }
  })
})

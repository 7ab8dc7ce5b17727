import { describe, expect, it } from 'vitest'
import { placeLabels } from './scatter-marks'

const PLOT = { x: 60, y: 10, width: 480, height: 220 }

type Box = NonNullable<ReturnType<typeof placeLabels>[number]>

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

describe('placeLabels', () => {
  it('puts a lone name right of its point', () => {
    expect(placeLabels([{ x: 200, y: 100, name: 'Yaba' }], PLOT)).toEqual([
      // 9 px right of the point, 6.5 px a character, 14 px high, centred on the point's height.
      { x: 209, y: 93, width: 26, height: 14 }
    ])
  })

  it('moves a name that would cover another ("Victoria Island" over "Gwarinpa")', () => {
    const victoriaPoint = { x: 300, y: 120, name: 'Victoria Island' }
    const gwarinpaPoint = { x: 306, y: 126, name: 'Gwarinpa' }
    const points = [victoriaPoint, gwarinpaPoint]
    const [victoria, gwarinpa] = placeLabels(points, PLOT)
    if (!victoria || !gwarinpa) throw new Error('a name was left out')
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
    expect(spot).toEqual({ x: 474, y: 93, width: 52, height: 14 })
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
    const boxes = spots.filter((box) => box !== undefined)
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) expect(overlap(a, b)).toBe(false)
    }
  })
})

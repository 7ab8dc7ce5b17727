import { describe, expect, it } from 'vitest'
import {
  DEFAULT_WINDOW_HEIGHT,
  DEFAULT_WINDOW_WIDTH,
  MIN_WINDOW_HEIGHT,
  MIN_WINDOW_WIDTH,
  placeWindow
} from './window-state'
import type { Rectangle as Rect } from 'electron'

/** Work areas: a 1920×1080 laptop with a 40 px task bar, a 2560×1440 monitor to its right. */
const laptop: Rect = { x: 0, y: 0, width: 1920, height: 1040 }
const monitorRight: Rect = { x: 1920, y: 0, width: 2560, height: 1440 }
/** A monitor above and to the left (negative coordinates, as Windows and macOS give them). */
const monitorAboveLeft: Rect = { x: -1280, y: -1024, width: 1280, height: 1024 }

const saved = (x: number, y: number, width = 1200, height = 800, maximized = false) => ({
  x,
  y,
  width,
  height,
  maximized
})

describe('placeWindow', () => {
  it('first launch (nothing saved): the default size, centred by the system', () => {
    expect(placeWindow(undefined, [laptop], laptop)).toEqual({
      bounds: { width: DEFAULT_WINDOW_WIDTH, height: DEFAULT_WINDOW_HEIGHT },
      maximized: false
    })
  })

  it.each([
    ['not an object', 'big'],
    ['a missing field', { x: 1, y: 2, width: 1000, height: 700 }],
    ['a negative size', saved(0, 0, -5, 700)],
    ['an absurd coordinate', saved(1e12, 0)],
    ['NaN', saved(Number.NaN, 0)],
    ['an extra field', { ...saved(0, 0), display: 'DELL' }]
  ])('a saved state with %s is ignored (default size)', (_name, state) => {
    expect(placeWindow(state, [laptop], laptop).bounds).toEqual({
      width: DEFAULT_WINDOW_WIDTH,
      height: DEFAULT_WINDOW_HEIGHT
    })
  })

  it('restores size, position and maximised state on the same display', () => {
    expect(placeWindow(saved(100, 80, 1200, 800, true), [laptop], laptop)).toEqual({
      bounds: { x: 100, y: 80, width: 1200, height: 800 },
      maximized: true
    })
  })

  it('restores a window on the second monitor when it is still attached', () => {
    const placement = placeWindow(saved(2500, 200, 1600, 1000), [laptop, monitorRight], laptop)
    expect(placement.bounds).toEqual({ x: 2500, y: 200, width: 1600, height: 1000 })
  })

  it('a window saved on a detached monitor comes back whole on the primary display', () => {
    const placement = placeWindow(saved(2500, 200, 1600, 1000, true), [laptop], laptop)
    expect(placement).toEqual({
      bounds: { x: 160, y: 20, width: 1600, height: 1000 },
      maximized: true
    })
  })

  it('a window saved on a monitor at negative coordinates, now detached, comes back', () => {
    const placement = placeWindow(saved(-1200, -900, 1100, 700), [laptop], laptop)
    expect(placement.bounds).toEqual({ x: 410, y: 170, width: 1100, height: 700 })
    const stillThere = placeWindow(
      saved(-1200, -900, 1100, 700),
      [laptop, monitorAboveLeft],
      laptop
    )
    expect(stillThere.bounds).toEqual({ x: -1200, y: -900, width: 1100, height: 700 })
  })

  it('a window hanging off an edge is pulled fully onto its display', () => {
    expect(placeWindow(saved(1500, 600), [laptop], laptop).bounds).toEqual({
      x: 720,
      y: 240,
      width: 1200,
      height: 800
    })
  })

  it('a window straddling two monitors stays on the one showing most of it', () => {
    // 200 px on the laptop, 1000 px on the right monitor.
    const placement = placeWindow(saved(1720, 100), [laptop, monitorRight], laptop)
    expect(placement.bounds).toEqual({ x: 1920, y: 100, width: 1200, height: 800 })
  })

  it('a window larger than a smaller display now is shrunk to fit it', () => {
    const small: Rect = { x: 0, y: 0, width: 1366, height: 728 }
    expect(placeWindow(saved(0, 0, 2400, 1400), [small], small).bounds).toEqual({
      x: 0,
      y: 0,
      width: 1366,
      height: 728
    })
  })

  it('never goes below the minimum size, even on a display smaller than it', () => {
    const tiny: Rect = { x: 0, y: 0, width: 800, height: 560 }
    expect(placeWindow(saved(50, 50, 400, 300), [tiny], tiny).bounds).toEqual({
      x: 0,
      y: 0,
      width: MIN_WINDOW_WIDTH,
      height: MIN_WINDOW_HEIGHT
    })
    expect(placeWindow(undefined, [tiny], tiny).bounds).toEqual({
      width: MIN_WINDOW_WIDTH,
      height: MIN_WINDOW_HEIGHT
    })
  })

  it('only a sliver on screen counts as off screen', () => {
    // 50 px of the window's left edge on the laptop: not enough to grab.
    const placement = placeWindow(saved(1870, 100), [laptop], laptop)
    expect(placement.bounds).toEqual({ x: 360, y: 120, width: 1200, height: 800 })
  })
})

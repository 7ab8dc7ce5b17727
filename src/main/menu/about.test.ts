import { describe, expect, it } from 'vitest'
import { aboutDetail } from './about'

describe('aboutDetail', () => {
  it('names the version, the data notice and the licences', () => {
    const text = aboutDetail('0.1.0', { electron: '41.10.0', chrome: '140', node: '22' })
    expect(text).toContain('Version 0.1.0')
    expect(text).toContain('Electron 41.10.0')
    expect(text).toMatch(/illustrative dataset, not real prices/)
    expect(text).toMatch(/Licences/)
  })
})

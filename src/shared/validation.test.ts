import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { describeIssues, isRecord } from './validation'

describe('validation helpers', () => {
  it('isRecord accepts plain objects only', () => {
    expect(isRecord({})).toBe(true)
    expect(isRecord([])).toBe(false)
    expect(isRecord(null)).toBe(false)
    expect(isRecord('x')).toBe(false)
  })

  it('describeIssues names each field by its path, unknown fields too, within a maximum', () => {
    const schema = z
      .object({ timeouts: z.object({ connectMs: z.number() }), list: z.array(z.string()) })
      .strict()
    const parsed = schema.safeParse({ timeouts: { connectMs: 'x' }, list: [1], extra: 1 })
    if (parsed.success) throw new Error('expected a failure')
    const text = describeIssues(parsed.error.issues)
    expect(text).toContain('timeouts.connectMs ')
    expect(text).toContain('list[0] ')
    expect(text).toContain('extra is not a known field')
    expect(describeIssues(parsed.error.issues, { max: 1 })).toMatch(/\(and 2 more problems\)$/)
    expect(
      describeIssues(parsed.error.issues, { where: (path) => `--${String(path[0])}` })
    ).toContain('--extra is not a known field')
  })
})

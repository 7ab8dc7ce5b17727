import { describe, expect, it } from 'vitest'
import { projectMembershipProblems } from './check-tsconfig-projects'

describe('tsconfig project membership check', () => {
  it('passes files that each belong to one project', () => {
    expect(
      projectMembershipProblems(['a.ts', 'b.ts'], { 'node.json': ['a.ts'], 'web.json': ['b.ts'] })
    ).toEqual([])
  })

  it('names a file two projects include', () => {
    expect(
      projectMembershipProblems(['a.ts'], { 'node.json': ['a.ts'], 'web.json': ['a.ts'] })
    ).toEqual(['a.ts: in node.json, web.json'])
  })

  it('names a file no project includes', () => {
    expect(projectMembershipProblems(['a.ts', 'b.ts'], { 'node.json': ['a.ts'] })).toEqual([
      'b.ts: in no project'
    ])
  })
})

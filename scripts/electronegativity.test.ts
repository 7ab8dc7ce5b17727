import { describe, expect, it } from 'vitest'
import { findingsAboveLow, toFinding } from './electronegativity'

const issue = (id: string, severity: string, file = 'main/index.ts') => ({
  id,
  severity: { name: severity },
  confidence: { name: 'firm' },
  file,
  location: { line: 3, column: 1 }
})

describe('electronegativity gate', () => {
  it('maps the API issues to findings with upper-case levels and forward slashes', () => {
    expect(toFinding(issue('CSP_GLOBAL_CHECK', 'low', 'renderer\\index.html'))).toEqual({
      check: 'CSP_GLOBAL_CHECK',
      severity: 'LOW',
      confidence: 'FIRM',
      file: 'renderer/index.html',
      location: '3:1'
    })
  })

  it('fails every finding above LOW, whatever the file', () => {
    const findings = [
      issue('CSP_GLOBAL_CHECK', 'low'),
      issue('OPEN_EXTERNAL_JS_CHECK', 'medium', 'main/window/harden.ts'),
      issue('SANDBOX_JS_CHECK', 'high'),
      issue('X', 'informational')
    ].map(toFinding)
    expect(findingsAboveLow(findings).map((f) => `${f.check} ${f.file}`)).toEqual([
      'OPEN_EXTERNAL_JS_CHECK main/window/harden.ts',
      'SANDBOX_JS_CHECK main/index.ts'
    ])
  })
})

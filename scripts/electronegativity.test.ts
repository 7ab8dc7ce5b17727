import { describe, expect, it } from 'vitest'
import { parseReport, splitCsvLine, findingsAboveLow } from './electronegativity'

const CSV = `issue, severity, confidence, filename, location, sample, description, url
CSP_GLOBAL_CHECK,"LOW","FIRM","renderer/index.html","5:0",N/A,"A weak CSP, with a comma",https://x
OPEN_EXTERNAL_JS_CHECK,"MEDIUM","TENTATIVE","main/window/harden.ts","30:7","void shell.openExternal(url, ""x"")","Review",https://y
SANDBOX_JS_CHECK,"HIGH","FIRM","main/index.ts","3:1","new BrowserWindow(","Use sandbox",https://z
`

describe('electronegativity report gate', () => {
  it('parses quoted CSV fields', () => {
    expect(splitCsvLine('a,"b, c","d ""e"""')).toEqual(['a', 'b, c', 'd "e"'])
    const findings = parseReport(CSV)
    expect(findings).toHaveLength(3)
    expect(findings[1]).toMatchObject({
      check: 'OPEN_EXTERNAL_JS_CHECK',
      severity: 'MEDIUM',
      file: 'main/window/harden.ts',
      location: '30:7',
      description: 'Review'
    })
  })

  it('fails every finding above LOW, whatever the file', () => {
    expect(findingsAboveLow(parseReport(CSV)).map((f) => `${f.check} ${f.file}`)).toEqual([
      'OPEN_EXTERNAL_JS_CHECK main/window/harden.ts',
      'SANDBOX_JS_CHECK main/index.ts'
    ])
    expect(findingsAboveLow(parseReport(CSV.replace(/"MEDIUM"|"HIGH"/g, '"low"')))).toEqual([])
  })
})

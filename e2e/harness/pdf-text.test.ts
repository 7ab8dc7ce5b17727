import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { pdfText } from './pdf-text'

/** A tiny PDF in Chromium's shape: compressed content, 2-byte glyph ids, a ToUnicode map. */
function samplePdf(): Buffer {
  const cmap = [
    'begincmap',
    '2 beginbfchar',
    '<0001> <0059>',
    '<0002> <0061>',
    'endbfchar',
    '1 beginbfrange',
    '<0003> <0004> <0062>',
    'endbfrange',
    'endcmap'
  ].join('\n')
  const content = deflateSync(
    Buffer.from('BT /F7 12 Tf 10 10 Td <0001000200030002> Tj 0 -14 Td [<0004> -20 <0002>] TJ ET')
  )
  const parts: Buffer[] = [
    Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Page /Resources << /Font << /F7 2 0 R >> >> >>\nendobj\n'
    ),
    Buffer.from('2 0 obj\n<< /Type /Font /ToUnicode 3 0 R >>\nendobj\n'),
    Buffer.from(`3 0 obj\n<< /Length ${cmap.length} >>\nstream\n${cmap}\nendstream\nendobj\n`),
    Buffer.from(`4 0 obj\n<< /Filter /FlateDecode /Length ${content.length} >>\nstream\n`),
    content,
    Buffer.from('\nendstream\nendobj\n%%EOF\n')
  ]
  return Buffer.concat(parts)
}

describe('pdf text', () => {
  it('maps glyph ids through the font’s ToUnicode map, a line per text move', () => {
    expect(pdfText(samplePdf())).toBe('Yaba\nca')
  })
})

/**
 * The text of a PDF as Chromium prints it (no PDF library or pdftotext on this machine): streams
 * are Flate-compressed and text is shown as 2-byte glyph ids of subset fonts, so each font's
 * ToUnicode map turns them back into characters. Enough for tests to find words in a report;
 * not a general PDF reader (no encryption, no object streams for fonts, no layout).
 */
import { inflateSync } from 'node:zlib'

interface PdfObject {
  dict: string
  stream?: Buffer
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1')
  const objects = new Map<number, PdfObject>()
  const header = /(\d+) 0 obj\b/g
  for (let match = header.exec(text); match; match = header.exec(text)) {
    const start = match.index + match[0].length
    const end = text.indexOf('endobj', start)
    if (end === -1) break
    const body = text.slice(start, end)
    const streamAt = body.indexOf('stream')
    if (streamAt === -1) {
      objects.set(Number(match[1]), { dict: body })
      continue
    }
    const dict = body.slice(0, streamAt)
    let dataStart = start + streamAt + 'stream'.length
    if (text[dataStart] === '\r') dataStart += 1
    if (text[dataStart] === '\n') dataStart += 1
    const length = /\/Length (\d+)(?! \d+ R)/.exec(dict)
    const dataEnd = length ? dataStart + Number(length[1]) : text.indexOf('endstream', dataStart)
    let data = pdf.subarray(dataStart, dataEnd)
    if (/\/FlateDecode/.test(dict)) {
      try {
        data = inflateSync(data)
      } catch {
        data = Buffer.alloc(0)
      }
    }
    objects.set(Number(match[1]), { dict, stream: data })
    header.lastIndex = end
  }
  return objects
}

function hexToCodes(hex: string, width: number): number[] {
  const clean = hex.replace(/\s+/g, '')
  const codes: number[] = []
  for (let index = 0; index + width <= clean.length; index += width) {
    codes.push(parseInt(clean.slice(index, index + width), 16))
  }
  return codes
}

function utf16(hex: string): string {
  return String.fromCharCode(...hexToCodes(hex, 4))
}

/** A ToUnicode CMap: glyph code → text. */
function parseCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>()
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, unicode] of (block[1] ?? '').matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g
    )) {
      map.set(parseInt(code ?? '0', 16), utf16(unicode ?? ''))
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const ranges = (block[1] ?? '').matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(<[0-9a-fA-F]+>|\[[^\]]*\])/g
    )
    for (const [, from, to, target] of ranges) {
      const [first, last] = [parseInt(from ?? '0', 16), parseInt(to ?? '0', 16)]
      if (target?.startsWith('[')) {
        const items = [...target.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => utf16(m[1] ?? ''))
        items.forEach((item, offset) => map.set(first + offset, item))
      } else {
        const base = parseInt((target ?? '<0>').slice(1, -1), 16)
        for (let code = first; code <= last; code += 1) {
          map.set(code, String.fromCharCode(base + code - first))
        }
      }
    }
  }
  return map
}

/** Every page's text, runs separated by spaces and lines by newlines. */
export function pdfText(pdf: Buffer): string {
  const objects = readObjects(pdf)
  const cmapOfFont = new Map<number, Map<number, string>>()
  for (const [id, object] of objects) {
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(object.dict)
    const stream = toUnicode ? objects.get(Number(toUnicode[1]))?.stream : undefined
    if (stream) cmapOfFont.set(id, parseCMap(stream.toString('latin1')))
  }
  const fontByName = new Map<string, Map<number, string>>()
  for (const object of objects.values()) {
    for (const fonts of object.dict.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
      for (const [, name, id] of (fonts[1] ?? '').matchAll(/\/([\w.+-]+)\s+(\d+) 0 R/g)) {
        const cmap = cmapOfFont.get(Number(id))
        if (name && cmap) fontByName.set(name, cmap)
      }
    }
  }
  const lines: string[] = []
  for (const object of objects.values()) {
    if (!object.stream || !/BT\b/.test(object.stream.toString('latin1'))) continue
    const content = object.stream.toString('latin1')
    let cmap: Map<number, string> | undefined
    let line = ''
    // A move to another baseline starts a new line; moves along one (kerning, letter spacing)
    // join the glyphs.
    let y = 0
    const moveTo = (nextY: number) => {
      if (Math.abs(nextY - y) > 0.5 && line.trim()) {
        lines.push(line)
        line = ''
      }
      y = nextY
    }
    const tokens =
      /\/([\w.+-]+)\s+[\d.]+\s+Tf|\[([^\]]*)\]\s*TJ|<([0-9a-fA-F\s]*)>\s*Tj|(-?[\d.]+)\s+(-?[\d.]+)\s+T[dD]\b|(?:-?[\d.]+\s+){5}(-?[\d.]+)\s+Tm\b|\b(T\*|ET)\b/g
    for (const [, font, array, single, , ty, tmY, other] of content.matchAll(tokens)) {
      if (font) cmap = fontByName.get(font)
      else if (ty !== undefined) moveTo(y + Number(ty))
      else if (tmY !== undefined) moveTo(Number(tmY))
      else if (other) moveTo(y + 1_000)
      else {
        const hexes =
          single !== undefined
            ? [single]
            : [...(array ?? '').matchAll(/<([0-9a-fA-F\s]*)>/g)].map((m) => m[1] ?? '')
        line += hexes
          .map((hex) =>
            hexToCodes(hex, 4)
              .map((code) => cmap?.get(code) ?? '')
              .join('')
          )
          .join('')
      }
    }
    if (line.trim()) lines.push(line)
  }
  return lines.join('\n')
}

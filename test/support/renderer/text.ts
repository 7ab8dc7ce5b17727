/** Intl output uses non-breaking spaces; Testing Library normalises text to plain spaces. */
export function plain(text: string): string {
  return text.replace(/\s+/g, ' ')
}

/** Text as a reader sees it: plain spaces, and no word joiners (U+2060, which only stop a break). */
export function asRead(text: string): string {
  return plain(text).replace(/\u2060/g, '')
}

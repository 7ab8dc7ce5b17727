/** Intl output uses non-breaking spaces; Testing Library normalises text to plain spaces. */
export function plain(text: string): string {
  return text.replace(/\s+/g, ' ')
}

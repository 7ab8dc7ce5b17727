/** Only these URLs may leave the app for the system browser. */
export function isSafeExternalUrl(url: string): boolean {
  if (typeof url !== 'string' || url.length > 2048 || !URL.canParse(url)) return false
  const parsed = new URL(url)
  return (
    parsed.protocol === 'https:' &&
    parsed.hostname.length > 0 &&
    parsed.username === '' &&
    parsed.password === ''
  )
}

/**
 * For messages shown in Settings itself: drops the sentences that send the user to Settings
 * ("Open Settings and enter your API key."), which make no sense where they already are. Main's
 * messages for a test of the form say what to fill in there; this covers messages written for
 * other screens that reach Settings anyway.
 */
export function withoutSettingsDirections(message: string): string {
  const opensSettings = /\bopen settings\b/i
  if (!opensSettings.test(message)) return message
  const sentences = message.split(/(?<=[.!?])\s+/)
  const kept = sentences.filter((sentence) => !opensSettings.test(sentence))
  if (kept.length > 0) return kept.join(' ')
  const rest = message.replace(/\bopen settings(?: and| to)?\s*/gi, '').trim()
  return rest.charAt(0).toUpperCase() + rest.slice(1)
}

import type { z } from 'zod'

export interface FieldIssue {
  field: string
  message: string
}

/** Each problem with the field it concerns (`items.3.location`), and one sentence listing them. */
export function formatInputIssues(issues: readonly z.core.$ZodIssue[]): {
  message: string
  fields: FieldIssue[]
} {
  const fields = issues.flatMap((issue): FieldIssue[] => {
    const path = issue.path.map(String).join('.')
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        field: path ? `${path}.${key}` : key,
        message: 'is not a known field'
      }))
    }
    return [{ field: path || '(input)', message: issue.message }]
  })
  const parts = fields.map(({ field, message }) => `${field}: ${message}`)
  const text = `Invalid input: ${parts.join('; ')}`
  // Some messages are whole sentences already (e.g. the API key's): no second full stop.
  return { message: /[.!?]$/.test(text) ? text : `${text}.`, fields }
}

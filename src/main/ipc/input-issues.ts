import type { z } from 'zod'
import { err } from '@shared/result'
import type { Result } from '@shared/result'

export interface FieldIssue {
  field: string
  message: string
}

/** INVALID_INPUT: one sentence listing each problem, and the field each concerns (`items.3.location`). */
export function invalidInput(issues: readonly z.core.$ZodIssue[]): Result<never> {
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
  return err('INVALID_INPUT', /[.!?]$/.test(text) ? text : `${text}.`, { details: { fields } })
}

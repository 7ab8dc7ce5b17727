/** Small checks every boundary uses on untrusted values (stored data, IPC payloads, files). */
import { z } from 'zod'

/** A plain object (not null, not an array): safe to read fields from. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** What `read` answers, or undefined when it throws. */
export function orUndefined<T>(read: () => T): T | undefined {
  try {
    return read()
  } catch {
    return undefined
  }
}

/** A zod refinement from a check that says what is wrong with a text (undefined: nothing). */
export const refineWith =
  (problem: (value: string) => string | undefined) =>
  (value: string, ctx: z.RefinementCtx): void => {
    const found = problem(value)
    if (found) ctx.addIssue({ code: 'custom', message: found })
  }

/** One line of text a person typed: bounded, without control characters. */
export const lineOfText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'must be one line of text')

/** `timeouts.connectMs`, `[2].slug`: where in a value a problem is. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : index === 0 ? String(part) : `.${String(part)}`
    )
    .join('')
}

export interface IssueWording {
  /** How a field is named (default: its path, e.g. `timeouts.connectMs`; '' names nothing). */
  where?: (path: readonly PropertyKey[]) => string
  /** At most this many problems are named, then "and N more" (default: all). */
  max?: number
}

/** Each problem zod found: the field it concerns (named by `where`) and what is wrong. */
export function issueList(
  issues: readonly z.core.$ZodIssue[],
  where: (path: readonly PropertyKey[]) => string = issuePath
): { field: string; message: string }[] {
  return issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          field: where([...issue.path, key]),
          message: 'is not a known field'
        }))
      : [{ field: where(issue.path), message: issue.message }]
  )
}

/** One sentence naming each problem zod found: `<field> <message>; <field> <message>`. */
export function describeIssues(
  issues: readonly z.core.$ZodIssue[],
  wording: IssueWording = {}
): string {
  const parts = issueList(issues, wording.where).map(({ field, message }) =>
    `${field} ${message}`.trim()
  )
  const max = wording.max ?? parts.length
  const more = parts.length > max ? ` (and ${parts.length - max} more problems)` : ''
  return `${parts.slice(0, max).join('; ')}${more}`
}

export const REDACTED = '[redacted]'

export interface Redactor {
  text(value: string): string
  /** Returns a copy of `value` with the secret replaced in every string (and object key). */
  deep<T>(value: T): T
}

/** The forms in which a secret may come back: raw, URL-encoded, JSON-escaped. */
function secretForms(secret: string): string[] {
  const forms = new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])
  return [...forms].filter((form) => form.length > 0).sort((a, b) => b.length - a.length)
}

export function createRedactor(secret: string | undefined): Redactor {
  const forms = secret ? secretForms(secret) : []
  const text = (value: string): string => {
    let out = value
    for (const form of forms) if (out.includes(form)) out = out.split(form).join(REDACTED)
    return out
  }
  const deep = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return text(value)
    if (depth > 64 || typeof value !== 'object' || value === null) return value
    if (Array.isArray(value)) return value.map((item: unknown) => deep(item, depth + 1))
    if (value instanceof Error) return text(`${value.name}: ${value.message}`)
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) out[text(key)] = deep(item, depth + 1)
    return out
  }
  /** JSON text holds every string and key (JSON-escaped): no form in it means nothing to copy. */
  const mayContain = (value: unknown): boolean => {
    let json: string | undefined
    try {
      json = JSON.stringify(value)
    } catch {
      return true
    }
    return json === undefined || forms.some((form) => json.includes(form))
  }
  return {
    text,
    deep: <T>(value: T): T =>
      forms.length === 0 || !mayContain(value) ? value : (deep(value, 0) as T)
  }
}

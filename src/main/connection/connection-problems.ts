/** What is missing before a service can be called, or a connection test run, in words. */
import { isSendableHeaderValue } from '../client/client'
import { ERRORS } from '@shared/errors/catalogue'
import { failure, ok } from '@shared/result'
import type { AppError, Result } from '@shared/result'
import type { ConnectionDraft } from '@shared/contract'
import type { Settings } from '@shared/settings'
import type { KeyVault } from '../vault/key-vault'

const missingParts = (baseUrl: string, hasKey: boolean): string[] => [
  ...(baseUrl ? [] : ['the service base URL']),
  ...(hasKey ? [] : ['your API key'])
]

/** Why remote mode cannot be used yet, or undefined when it can. */
export function notConfiguredError(settings: Settings, hasKey: boolean): AppError | undefined {
  const missing = missingParts(settings.baseUrl, hasKey)
  return missing.length > 0 ? ERRORS.remoteNotConfigured(missing) : undefined
}

/** The key a test of the form uses: typed, else saved; or why there is none to use. */
export function draftKey(draft: ConnectionDraft, vault: Pick<KeyVault, 'getKey'>): Result<string> {
  let key = draft.apiKey
  try {
    key ??= vault.getKey()
  } catch {
    return failure(ERRORS.keyUnreadable())
  }
  if (key !== undefined && !isSendableHeaderValue(key)) {
    const which = draft.apiKey === undefined ? 'saved earlier' : 'typed above'
    return failure(ERRORS.unsendableKey(which))
  }
  const missing = missingParts(draft.baseUrl, Boolean(key))
  return key && missing.length === 0 ? ok(key) : failure(ERRORS.draftIncomplete(missing))
}

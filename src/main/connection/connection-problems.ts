/** What is missing before a service can be called, or a connection test run, in words. */
import { isSendableHeaderValue } from '../client/client'
import { ERRORS } from '@shared/errors/catalogue'
import { failure, ok } from '@shared/result'
import type { AppError, Result } from '@shared/result'
import type { ConnectionDraft } from '@shared/contract'
import type { Settings } from '@shared/settings'
import type { KeyVault } from '../vault/key-vault'

function missingParts(baseUrl: string, hasKey: boolean): string[] {
  return [...(baseUrl ? [] : ['the service base URL']), ...(hasKey ? [] : ['your API key'])]
}

/** Why remote mode cannot be used yet, or undefined when it can. */
export function notConfiguredError(settings: Settings, hasKey: boolean): AppError | undefined {
  const missing = missingParts(settings.baseUrl, hasKey)
  return missing.length > 0 ? ERRORS.remoteNotConfigured(missing) : undefined
}

/** Why the form's values cannot be tested yet. `savedKey` is used when no key is typed. */
function draftProblem(draft: ConnectionDraft, savedKey: string | undefined): AppError | undefined {
  const typed = draft.apiKey
  const key = typed ?? savedKey
  if (key !== undefined && !isSendableHeaderValue(key)) {
    return ERRORS.unsendableKey(typed === undefined ? 'saved earlier' : 'typed above')
  }
  const missing = missingParts(draft.baseUrl, Boolean(key))
  return missing.length > 0 ? ERRORS.draftIncomplete(missing) : undefined
}

/** The key a test of the form uses: typed, else saved; or why there is none to use. */
export function draftKey(draft: ConnectionDraft, vault: Pick<KeyVault, 'getKey'>): Result<string> {
  let savedKey: string | undefined
  try {
    savedKey = draft.apiKey === undefined ? vault.getKey() : undefined
  } catch {
    return failure(ERRORS.keyUnreadable())
  }
  const problem = draftProblem(draft, savedKey)
  const key = draft.apiKey ?? savedKey
  return problem || !key ? failure(problem ?? ERRORS.noApiKey()) : ok(key)
}

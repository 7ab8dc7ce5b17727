import { describe, expect, it } from 'vitest'
import { NEXT_STEPS } from '../result'
import type { AppError } from '../result'
import { MAX_WAIT_MS } from '../wait'
import { ERRORS } from './catalogue'
import { describeError, formatSeconds, nextStepText } from './next-steps'

/** One argument that serves every factory: a list (missing parts), a text, a ServiceSaid, a Where. */
const ANY_ARGUMENT = Object.assign(['the service base URL'], {
  status: 401,
  serviceMessage: 'said',
  host: 'api.example.com',
  path: '/api/v1/locations'
})
const every = Object.entries(ERRORS).map(([situation, make]): [string, AppError] => [
  situation,
  (make as (...args: unknown[]) => AppError)(ANY_ARGUMENT, ANY_ARGUMENT)
])

describe('the error catalogue', () => {
  it('says what happened in words for every surface: no Settings, no command-line option', () => {
    for (const [situation, error] of every) {
      expect(error.message, situation).not.toMatch(/settings|--[a-z]|MARKET_API_KEY/i)
      expect(error.message, situation).toMatch(/[.!?]"?$/)
    }
  })

  it("ends a sentence once: the service's quoted words keep their own full stop", () => {
    expect(ERRORS.keyRejected({ status: 401, serviceMessage: 'Invalid API key.' }).message).toBe(
      'The service rejected the API key (HTTP 401): "Invalid API key."'
    )
    expect(ERRORS.keyRejected({ status: 401, serviceMessage: 'Nope' }).message).toBe(
      'The service rejected the API key (HTTP 401): "Nope".'
    )
  })

  it('phrases each next step for the app with Settings, and for the CLI without it', () => {
    const noKey = ERRORS.noApiKey()
    expect(describeError(noKey, 'app')).toBe(
      'No API key is set for the market data service. Set your API key in Settings.'
    )
    expect(describeError(noKey, 'cli')).toBe(
      'No API key is set for the market data service. Set your API key in MARKET_API_KEY.'
    )
    for (const step of NEXT_STEPS) {
      expect(nextStepText({ nextStep: step }, 'cli'), step).not.toMatch(/settings/i)
    }
    expect(describeError(ERRORS.offline(), 'cli')).toBe(
      'Offline mode is on, so the service was not contacted.'
    )
    // Settings has no timeout fields: the app never sends the user looking for them.
    for (const step of NEXT_STEPS) {
      expect(nextStepText({ nextStep: step }, 'app'), step).not.toMatch(/timeout/i)
    }
    expect(nextStepText({ nextStep: 'raiseTimeout' }, 'cli')).toMatch(/--timeout-ms/)
  })

  it('in Settings\' own form, never sends the user to "Settings", and keeps what happened', () => {
    for (const step of NEXT_STEPS) {
      expect(nextStepText({ nextStep: step }, 'settingsForm'), step).not.toMatch(/settings/i)
    }
    const missing = ERRORS.remoteNotConfigured(['your API key'])
    expect(describeError(missing, 'app')).toMatch(
      /^Your own service is selected but your API key is missing\. Open Settings/
    )
    expect(describeError(missing, 'settingsForm')).toMatch(
      /^Your own service is selected but your API key is missing\. Fill in what is missing above/
    )
    // The form's key steps end with what to do once the key is in.
    expect(nextStepText({ nextStep: 'enterApiKey' }, 'settingsForm')).toBe(
      'Set your API key above, then test again.'
    )
    expect(nextStepText({ nextStep: 'enterApiKey' }, 'app')).toBe('Set your API key in Settings.')
  })

  it('words the wait from the error: the time asked for, or a moment', () => {
    const limited = ERRORS.rateLimited({ status: 429 })
    expect(describeError(limited, 'app')).toBe(
      'The service is limiting requests (HTTP 429). Wait a moment and try again.'
    )
    expect(describeError({ ...limited, retryAfterMs: 120_000 }, 'cli')).toMatch(
      /Wait 2 min and try again\.$/
    )
    // A Retry-After of years (or in 2100) is read as a day: not a wait to name.
    expect(describeError({ ...limited, retryAfterMs: MAX_WAIT_MS - 60_000 }, 'cli')).toMatch(
      /Wait 23 h 59 min and try again\.$/
    )
    expect(describeError({ ...limited, retryAfterMs: MAX_WAIT_MS }, 'cli')).toMatch(
      /\(HTTP 429\)\. Try again later\.$/
    )
  })

  it('says a wait in seconds, a long one in minutes or hours (rounded up)', () => {
    expect(
      [4_000, 8_500, 59_000, 60_000, 3_594_000, 3_600_000, 5_460_000, 86_400_000].map(formatSeconds)
    ).toEqual(['4 s', '8.5 s', '59 s', '1 min', '1 h', '1 h', '1 h 31 min', '24 h'])
  })
})

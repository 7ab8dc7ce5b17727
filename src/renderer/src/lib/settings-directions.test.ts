import { describe, expect, it } from 'vitest'
import { withoutSettingsDirections } from './settings-directions'

describe('withoutSettingsDirections', () => {
  it('drops the sentence that says to open Settings and keeps the rest as written', () => {
    expect(
      withoutSettingsDirections(
        'No API key is set for the market data service. Open Settings and enter your API key.'
      )
    ).toBe('No API key is set for the market data service.')
    expect(
      withoutSettingsDirections(
        'Your own service is selected but your API key is missing. Open Settings to add it, or switch back to demo data. Try api.example.com v1.2 later.'
      )
    ).toBe(
      'Your own service is selected but your API key is missing. Try api.example.com v1.2 later.'
    )
  })

  it('leaves other messages alone, and keeps a message that is only a direction readable', () => {
    const plain = 'The service refused access with this API key (HTTP 401).'
    expect(withoutSettingsDirections(plain)).toBe(plain)
    expect(withoutSettingsDirections('Open Settings and enter the key again.')).toBe(
      'Enter the key again.'
    )
  })
})

import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_SETTINGS } from '@shared/settings'
import { renderWithApp } from '../../../../test/support/renderer/render'
import type { ShownFigure } from '../history/sightings'
import { useRecordSightings } from './use-observed-history'

function Shows(props: { shown: ShownFigure[] }) {
  useRecordSightings(props.shown, DEFAULT_SETTINGS)
  return null
}

const price = (location: string, amount: number, fetchedAt: string): ShownFigure => ({
  queryKey: [
    'lookup',
    'residentialPrice',
    { location, countryCode: 'NG', type: 'rent', beds: '2' }
  ],
  data: { data: { price: amount, currency: 'NGN' }, meta: { source: 'demo', fetchedAt } }
})

describe('useRecordSightings', () => {
  it('records each shown figure once, then only the figures that changed', () => {
    const ikoyi = price('ikoyi', 100, '2026-11-01T10:00:00Z')
    const first = [ikoyi, price('lekki', 200, '2026-11-01T10:00:00Z')]
    const view = renderWithApp(<Shows shown={first} />)
    const record = vi.spyOn(view.history, 'record')
    view.rerender(<Shows shown={[...first]} />)
    expect(record).not.toHaveBeenCalled()

    // Lekki's answer lands again, fetched later: only Lekki is recorded.
    const later = [ikoyi, price('lekki', 250, '2026-11-02T10:00:00Z')]
    view.rerender(<Shows shown={later} />)
    expect(record).toHaveBeenCalledTimes(1)
    expect(record.mock.calls[0]?.[1]).toMatchObject({ value: 250, unit: 'NGN' })
  })
})

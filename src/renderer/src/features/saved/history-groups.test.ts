import { describe, expect, it } from 'vitest'
import type { HistoryFigure } from '../../lib/history-figures'
import { historyGroups } from './history-groups'

const figure = (location: string, source: 'demo' | 'remote', id: string): HistoryFigure => ({
  id,
  location,
  countryCode: 'NG',
  kind: 'residentialPrice',
  label: id,
  source,
  baseUrl: source === 'demo' ? 'embedded-demo' : 'https://a.example',
  observations: []
})

describe('history groups', () => {
  it('groups by service, then location, keeping demo and remote apart', () => {
    const groups = historyGroups([
      figure('yaba', 'demo', 'a'),
      figure('yaba', 'remote', 'b'),
      figure('ikoyi', 'demo', 'c'),
      figure('yaba', 'demo', 'd')
    ])
    expect(
      groups.map((g) => [g.source, g.locations.map((l) => [l.key, l.figures.map((f) => f.id)])])
    ).toEqual([
      [
        'demo',
        [
          ['NG:yaba', ['a', 'd']],
          ['NG:ikoyi', ['c']]
        ]
      ],
      ['remote', [['NG:yaba', ['b']]]]
    ])
  })
})

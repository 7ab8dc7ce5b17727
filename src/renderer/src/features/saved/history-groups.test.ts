import { describe, expect, it } from 'vitest'
import type { HistoryFigure } from '../../history/history-figures'
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
  it('orders a location’s figures: prices before growth, then by bed label', () => {
    const growth = { ...figure('yaba', 'demo', 'g'), kind: 'growth', label: '1 bed · rent growth' }
    const two = { ...figure('yaba', 'demo', 'p2'), label: '2 bed · rent' }
    const ten = { ...figure('yaba', 'demo', 'p10'), label: '10 bed · rent' }
    const [group] = historyGroups([growth, ten, two])
    expect(group?.locations[0]?.figures.map((f) => f.id)).toEqual(['p2', 'p10', 'g'])
  })

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

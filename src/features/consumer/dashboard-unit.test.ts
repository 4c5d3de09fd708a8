import { describe, expect, it } from 'vitest'
import { resolveDashboardUnit } from './dashboard-unit'

describe('resolveDashboardUnit', () => {
  it.each([
    { name: 'asked for and reachable', accessible: [1, 2], view: 1, requested: 2, expected: 2 },
    {
      name: 'asked for, not reachable: the view unit',
      accessible: [1, 2],
      view: 1,
      requested: 9,
      expected: 1,
    },
    {
      name: 'nothing asked: the view unit',
      accessible: [1, 2],
      view: 2,
      requested: undefined,
      expected: 2,
    },
    {
      name: 'no consumer view: the first unit',
      accessible: [4, 2],
      view: null,
      requested: undefined,
      expected: 4,
    },
    {
      name: 'stale view unit: the first unit',
      accessible: [4],
      view: 7,
      requested: undefined,
      expected: 4,
    },
    { name: 'no units', accessible: [], view: null, requested: 3, expected: null },
  ])('$name', ({ accessible, view, requested, expected }) => {
    expect(resolveDashboardUnit({ accessible, viewUnitId: view, requested })).toBe(expected)
  })
})

import { describe, expect, it } from 'vitest'
import { hasGapBetween, median, splitSeries, summarizeSeries } from './series'

describe('splitSeries', () => {
  it('draws only points with a value, sorted, and keeps the times of the others as gaps', () => {
    expect(
      splitSeries([
        { x: 30, y: 5, id: 't3' },
        { x: 10, y: 1 },
        { x: 20, y: null, status: 'ERROR' },
        { x: 25, y: Number.NaN },
        { x: 5, y: 0 },
      ]),
    ).toEqual({
      drawn: [
        { x: 5, y: 0 },
        { x: 10, y: 1 },
        { x: 30, y: 5, id: 't3' },
      ],
      gaps: [20, 25],
    })
  })
})

describe('hasGapBetween', () => {
  const gaps = [20, 40, 60]
  it.each([
    { a: 10, b: 30, expected: true },
    { a: 30, b: 10, expected: true },
    { a: 21, b: 39, expected: false },
    { a: 20, b: 30, expected: false },
    { a: 10, b: 20, expected: false },
    { a: 61, b: 100, expected: false },
    { a: 0, b: 100, expected: true },
  ])('between $a and $b → $expected', ({ a, b, expected }) => {
    expect(hasGapBetween(gaps, a, b)).toBe(expected)
  })

  it('no gaps: never', () => {
    expect(hasGapBetween([], 0, 100)).toBe(false)
  })
})

describe('median', () => {
  it.each([
    { values: [], expected: null },
    { values: [7], expected: 7 },
    { values: [3, 1, 2], expected: 2 },
    { values: [4, 1, 3, 2], expected: 2.5 },
    { values: [0, 0, 10], expected: 0 },
  ])('$values → $expected', ({ values, expected }) => {
    expect(median(values)).toBe(expected)
  })
})

describe('summarizeSeries', () => {
  it.each([
    {
      name: 'values and missing points by status',
      points: [
        { x: 1, y: 100 },
        { x: 3, y: 300 },
        { x: 2, y: null, status: 'ERROR' },
        { x: 4, y: null, status: 'NO_DATA' },
        { x: 5, y: null, status: 'NO_DATA' },
      ],
      expected: {
        latest: { x: 3, y: 300 },
        median: 200,
        count: 2,
        missing: { ERROR: 1, NO_DATA: 2 },
      },
    },
    {
      name: 'nothing with a value',
      points: [{ x: 1, y: null }],
      expected: { latest: null, median: null, count: 0, missing: { NO_DATA: 1 } },
    },
  ])('$name', ({ points, expected }) => {
    expect(summarizeSeries(points)).toEqual(expected)
  })
})

import { describe, expect, it } from 'vitest'
import {
  chartLoadReducer,
  INITIAL_CHART_LOAD,
  isComplete,
  type ChartLoad,
  type ChartLoadAction,
} from './chart-status'

const run = (actions: ChartLoadAction[], from: ChartLoad = INITIAL_CHART_LOAD) =>
  actions.reduce(chartLoadReducer, from)

const load = (metrics: string[], n = 1): ChartLoadAction => ({ type: 'load', load: n, metrics })
const ok = (metric: string, n = 1): ChartLoadAction => ({ type: 'succeeded', load: n, metric })
const ko = (metric: string, code = 'ERROR', n = 1): ChartLoadAction => ({
  type: 'failed',
  load: n,
  metric,
  code,
})
const changed: ChartLoadAction = { type: 'form-changed' }

describe('chart status (seeds 001 §4)', () => {
  it.each<[string, ChartLoadAction[], Partial<ChartLoad>, boolean]>([
    ['starts initial', [], { status: 'initial', changed: false }, false],
    ['a form change marks it changed', [changed], { status: 'initial', changed: true }, false],
    [
      'a load is loading and clears the flag',
      [changed, load(['a', 'b'])],
      { status: 'loading', changed: false },
      false,
    ],
    ['any result makes it loaded', [load(['a', 'b']), ok('a')], { status: 'loaded' }, false],
    ['a failure is a result too', [load(['a', 'b']), ko('b')], { status: 'loaded' }, false],
    [
      'successes + failures = requested: complete',
      [load(['a', 'b']), ok('a'), ko('b', 'TOO_MUCH_DATA')],
      { status: 'loaded', succeeded: ['a'], failed: [{ metric: 'b', code: 'TOO_MUCH_DATA' }] },
      true,
    ],
    [
      'a result clears the changed flag',
      [load(['a', 'b']), changed, ok('a')],
      { changed: false },
      false,
    ],
    [
      'a change after loading marks it changed again',
      [load(['a']), ok('a'), changed],
      { status: 'loaded', changed: true },
      true,
    ],
    [
      'a result of a cancelled earlier load is ignored',
      [load(['a'], 1), load(['a'], 2), ok('a', 1)],
      { status: 'loading', succeeded: [] },
      false,
    ],
    [
      'a metric not requested is ignored',
      [load(['a']), ok('z')],
      { status: 'loading', succeeded: [] },
      false,
    ],
    [
      'a repeated answer counts once',
      [load(['a', 'b']), ok('a'), ok('a'), ko('a')],
      { succeeded: ['a'], failed: [] },
      false,
    ],
    [
      'the same metric twice is requested once',
      [load(['a', 'a']), ok('a')],
      { requested: ['a'] },
      true,
    ],
    [
      'a new load starts over',
      [load(['a']), ok('a'), load(['b'], 2)],
      { status: 'loading', requested: ['b'], succeeded: [] },
      false,
    ],
  ])('%s', (_, actions, expected, complete) => {
    const state = run(actions)
    expect(state).toMatchObject(expected)
    expect(isComplete(state)).toBe(complete)
  })

  it('returns the same state for an ignored action', () => {
    const state = run([load(['a'])])
    expect(chartLoadReducer(state, ok('x'))).toBe(state)
  })
})

import { describe, expect, it } from 'vitest'
import {
  INITIAL_STATE,
  instantTestReducer,
  type InstantTestAction,
  type InstantTestState,
} from './instant-test-state'

const running: InstantTestState = { status: 'running', testId: 't1', phase: null, progress: {} }
const at = 1_000

describe('instantTestReducer (seeds 4.6 states)', () => {
  it.each<{
    name: string
    from: InstantTestState
    action: InstantTestAction
    to: InstantTestState
  }>([
    {
      name: 'start from not started',
      from: INITIAL_STATE,
      action: { type: 'start' },
      to: { status: 'running', testId: null, phase: null, progress: {} },
    },
    {
      name: 'started sets the test id',
      from: { ...running, testId: null },
      action: { type: 'event', event: { type: 'started', testId: 't9' }, at },
      to: { ...running, testId: 't9' },
    },
    {
      name: 'progress moves the phase and keeps the last value',
      from: { ...running, phase: 'latency', progress: { download: { percent: 10, value: 50 } } },
      action: { type: 'event', event: { type: 'progress', phase: 'download', percent: 20 }, at },
      to: { ...running, phase: 'download', progress: { download: { percent: 20, value: 50 } } },
    },
    {
      name: 'result succeeds',
      from: running,
      action: {
        type: 'event',
        event: { type: 'result', testId: 't1', results: [{ metricKey: 'x', metricValue: 1 }] },
        at,
      },
      to: { status: 'succeeded', testId: 't1', results: [{ metricKey: 'x', metricValue: 1 }] },
    },
    {
      name: 'error fails with its code',
      from: running,
      action: { type: 'event', event: { type: 'error', code: 'NOT_READY' }, at },
      to: { status: 'failed', code: 'NOT_READY', at },
    },
    {
      name: 'an early close is a lost connection',
      from: running,
      action: { type: 'event', event: { type: 'closed', code: 1006, reason: '' }, at },
      to: { status: 'failed', code: 'CONNECTION_LOST', at },
    },
    {
      name: 'events after the end are dropped',
      from: { status: 'failed', code: 'UNKNOWN', at },
      action: { type: 'event', event: { type: 'progress', phase: 'upload', percent: 5 }, at },
      to: { status: 'failed', code: 'UNKNOWN', at },
    },
    {
      name: 'a client-side failure',
      from: INITIAL_STATE,
      action: { type: 'fail', code: 'OFFLINE', at },
      to: { status: 'failed', code: 'OFFLINE', at },
    },
  ])('$name', ({ from, action, to }) => {
    expect(instantTestReducer(from, action)).toEqual(to)
  })
})

import type { InstantTestMetric, InstantTestPhase } from '#contracts/instant-test.ts'
import type { InstantTestEvent } from '../../api/instant-test.api'
import type { InstantTestFailure } from '../../lib/instant-test-codes'

/** How far one phase got, and the value measured so far (ms or Mbps), null before the first. */
export type PhaseProgress = { percent: number; value: number | null }

/** Seeds 4.6: an instant test is not started, running, failed or succeeded. */
export type InstantTestState =
  | { status: 'not_started' }
  | {
      status: 'running'
      /** Null until the server accepted the test (checks still running). */
      testId: string | null
      phase: InstantTestPhase | null
      progress: Partial<Record<InstantTestPhase, PhaseProgress>>
    }
  | { status: 'failed'; code: InstantTestFailure; at: number }
  | { status: 'succeeded'; testId: string; results: InstantTestMetric[] }

export type InstantTestAction =
  | { type: 'start' }
  | { type: 'event'; event: InstantTestEvent; at: number }
  | { type: 'fail'; code: InstantTestFailure; at: number }

export const INITIAL_STATE: InstantTestState = { status: 'not_started' }

/** The next state of the panel; events that arrive when no test runs (a stale socket) are dropped. */
export function instantTestReducer(
  state: InstantTestState,
  action: InstantTestAction,
): InstantTestState {
  switch (action.type) {
    case 'start':
      return { status: 'running', testId: null, phase: null, progress: {} }
    case 'fail':
      return { status: 'failed', code: action.code, at: action.at }
    case 'event':
      return state.status === 'running' ? onEvent(state, action.event, action.at) : state
  }
}

function onEvent(
  state: Extract<InstantTestState, { status: 'running' }>,
  event: InstantTestEvent,
  at: number,
): InstantTestState {
  switch (event.type) {
    case 'authenticated':
      return state
    case 'started':
      return { ...state, testId: event.testId }
    case 'progress': {
      const previous = state.progress[event.phase]
      return {
        ...state,
        phase: event.phase,
        progress: {
          ...state.progress,
          [event.phase]: { percent: event.percent, value: event.value ?? previous?.value ?? null },
        },
      }
    }
    case 'result':
      return { status: 'succeeded', testId: event.testId, results: event.results }
    case 'error':
      return { status: 'failed', code: event.code, at }
    case 'closed':
      // The socket went away before an answer: unreachable service or a dropped connection.
      return { status: 'failed', code: 'CONNECTION_LOST', at }
  }
}

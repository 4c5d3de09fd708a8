/**
 * Seeds 001 §4 chart status: initial, loading, loaded. Any result (a metric's data or its failure)
 * makes it loaded and clears the changed-form flag; changing the form marks it changed. With
 * multiple-metric loading each metric is one request, and the chart is complete when successes
 * plus failures equal the number requested. A result of an earlier load (its requests cancelled by
 * a newer one) is ignored.
 */
export type ChartStatus = 'initial' | 'loading' | 'loaded'

export type ChartLoad = {
  status: ChartStatus
  /** The form was changed since the chart was last asked for. */
  changed: boolean
  /** Which load the results belong to. */
  load: number
  requested: readonly string[]
  succeeded: readonly string[]
  /** Failed metrics with the code of their failure. */
  failed: readonly { metric: string; code: string }[]
}

export type ChartLoadAction =
  | { type: 'form-changed' }
  | { type: 'load'; load: number; metrics: readonly string[] }
  | { type: 'succeeded'; load: number; metric: string }
  | { type: 'failed'; load: number; metric: string; code: string }

export const INITIAL_CHART_LOAD: ChartLoad = {
  status: 'initial',
  changed: false,
  load: 0,
  requested: [],
  succeeded: [],
  failed: [],
}

/** Whether every requested metric has answered (successes + failures = requested). */
export function isComplete(state: ChartLoad): boolean {
  return (
    state.requested.length > 0 &&
    state.succeeded.length + state.failed.length >= state.requested.length
  )
}

export function chartLoadReducer(state: ChartLoad, action: ChartLoadAction): ChartLoad {
  switch (action.type) {
    case 'form-changed':
      return state.changed ? state : { ...state, changed: true }
    case 'load':
      return {
        status: 'loading',
        changed: false,
        load: action.load,
        requested: [...new Set(action.metrics)],
        succeeded: [],
        failed: [],
      }
    case 'succeeded':
    case 'failed': {
      if (action.load !== state.load || !state.requested.includes(action.metric)) return state
      const answered =
        state.succeeded.includes(action.metric) ||
        state.failed.some((f) => f.metric === action.metric)
      if (answered) return state
      return action.type === 'succeeded'
        ? {
            ...state,
            status: 'loaded',
            changed: false,
            succeeded: [...state.succeeded, action.metric],
          }
        : {
            ...state,
            status: 'loaded',
            changed: false,
            failed: [...state.failed, { metric: action.metric, code: action.code }],
          }
    }
  }
}

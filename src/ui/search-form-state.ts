/**
 * Seeds 001 §4 "search state in admin forms": submitting a search sets the state to loading and
 * resets the page to 1; an empty query does nothing (§2.4, §5), and the input optionally trims.
 * The list then reports loaded or failed; paging keeps the submitted query.
 */

/** new: nothing searched yet; loading: a search is on its way; loaded / error: its answer. */
export type SearchFormStatus = 'new' | 'loading' | 'loaded' | 'error'

export type SearchFormState = {
  /** What is in the field. */
  value: string
  /** The query last submitted (trimmed when the form trims): what the list shows. */
  query: string
  page: number
  status: SearchFormStatus
}

export type SearchFormAction =
  | { type: 'edit'; value: string }
  | { type: 'submit'; trim: boolean }
  | { type: 'page'; page: number }
  | { type: 'loaded' }
  | { type: 'failed' }
  | { type: 'clear' }

/** The state before any search, with the field holding `value`. */
export function initialSearchForm(value = ''): SearchFormState {
  return { value, query: '', page: 1, status: 'new' }
}

/** The query a submit of `value` makes, or null when it makes none (empty after the trim). */
export function submittedQuery(value: string, trim: boolean): string | null {
  const query = trim ? value.trim() : value
  return query.trim() === '' ? null : query
}

/** The next state of a search form. */
export function searchFormReducer(
  state: SearchFormState,
  action: SearchFormAction,
): SearchFormState {
  switch (action.type) {
    case 'edit':
      return { ...state, value: action.value }
    case 'submit': {
      const query = submittedQuery(state.value, action.trim)
      if (query === null) return state
      return { ...state, value: query, query, page: 1, status: 'loading' }
    }
    case 'page':
      if (state.query === '' || action.page < 1 || action.page === state.page) return state
      return { ...state, page: action.page, status: 'loading' }
    case 'loaded':
      return state.status === 'loading' ? { ...state, status: 'loaded' } : state
    case 'failed':
      return state.status === 'loading' ? { ...state, status: 'error' } : state
    case 'clear':
      return initialSearchForm()
  }
}

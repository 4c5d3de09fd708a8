import { useReducer } from 'react'
import {
  initialSearchForm,
  searchFormReducer,
  type SearchFormState,
  type SearchFormStatus,
} from './search-form-state'

export type { SearchFormState, SearchFormStatus }

export type UseSearchFormOptions = {
  /** Trim spaces off the query before searching (seeds 001 §5: the input optionally trims). */
  trim?: boolean
  initialValue?: string
}

/**
 * Seeds 001 §4 search form state: the field's value, the submitted query, the page (reset to 1
 * by a submit) and the status (loading on submit; the list reports loaded or failed). An empty
 * query does nothing.
 */
export function useSearchForm({ trim = true, initialValue = '' }: UseSearchFormOptions = {}) {
  const [state, dispatch] = useReducer(searchFormReducer, initialValue, initialSearchForm)
  return {
    ...state,
    setValue: (value: string) => {
      dispatch({ type: 'edit', value })
    },
    submit: () => {
      dispatch({ type: 'submit', trim })
    },
    setPage: (page: number) => {
      dispatch({ type: 'page', page })
    },
    loaded: () => {
      dispatch({ type: 'loaded' })
    },
    failed: () => {
      dispatch({ type: 'failed' })
    },
    clear: () => {
      dispatch({ type: 'clear' })
    },
  }
}

export type SearchForm = ReturnType<typeof useSearchForm>

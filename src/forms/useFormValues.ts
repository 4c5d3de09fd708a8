import { useCallback, useState } from 'react'

type Values = Readonly<Record<string, string>>

function sameValues(a: Values, b: Values): boolean {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key])
}

/**
 * A form's values, starting from `initial`. A form may open before what it edits is known (offline,
 * before the cached copy is restored, it opens empty rather than wait): a later `initial` with other
 * values replaces them as long as the user has changed nothing. Once they have, what they typed is
 * never overwritten.
 */
export function useFormValues<V extends Values>(
  initial: V,
): [values: V, setValue: (name: keyof V & string, value: string) => void] {
  // Until the user edits, the values are the initial ones they came from.
  const [state, setState] = useState({ values: initial, edited: false })
  let current = state
  if (!state.edited && !sameValues(state.values, initial)) {
    // Adjusted while rendering (react.dev "storing information from previous renders"): the
    // form never paints the stale values.
    current = { values: initial, edited: false }
    setState(current)
  }
  const setValue = useCallback((name: keyof V & string, value: string) => {
    setState((before) => ({ values: { ...before.values, [name]: value }, edited: true }))
  }, [])
  return [current.values, setValue]
}

import { useEffect, useState } from 'react'

/**
 * `value` once it has stayed the same for `delayMs` (typing pauses): what a search or a suggestion
 * asks the server for, rather than every keystroke. Starts as the first value.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(value)
    }, delayMs)
    return () => {
      clearTimeout(timer)
    }
  }, [value, delayMs])
  return settled
}

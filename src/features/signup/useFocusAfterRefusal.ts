import { useEffect, useRef, type RefObject } from 'react'

/**
 * Seeds 5: after a refused submit, focus goes to the first field in error (in form order), else to
 * the form's alert. `attempt` changes on every refusal; `ready` is false while the step holding the
 * error is not shown yet, so focus waits for it. Each refusal moves focus once.
 */
export function useFocusAfterRefusal(
  form: RefObject<HTMLElement | null>,
  attempt: number,
  ready = true,
): void {
  const done = useRef(0)
  useEffect(() => {
    if (attempt === done.current || !ready) return
    const root = form.current
    if (!root) return
    done.current = attempt
    const target =
      root.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      root.querySelector<HTMLElement>('[data-form-alert]')
    target?.focus()
  }, [form, attempt, ready])
}

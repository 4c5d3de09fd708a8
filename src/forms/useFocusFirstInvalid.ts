import { useEffect, useRef, type RefObject } from 'react'

/** Marks the element that takes focus when a refusal names no field (the form's alert). */
export const FORM_ALERT_ATTRIBUTE = 'data-form-alert'

/** Focuses the first field in error inside `root` (in document order), else its alert. */
export function focusFirstInvalid(root: ParentNode | null | undefined): void {
  const target =
    root?.querySelector<HTMLElement>('[aria-invalid="true"]:not(:disabled)') ??
    root?.querySelector<HTMLElement>(`[${FORM_ALERT_ATTRIBUTE}]`)
  target?.focus()
}

/**
 * Seeds 5, the one focus rule: after a refused submit, focus goes to the first field in error, else
 * to the form's alert. `attempt` changes on every refusal, so a second one focuses again; while
 * `ready` is false (the step holding the error is not shown yet) focus waits. Once per refusal.
 */
export function useFocusFirstInvalid(
  form: RefObject<HTMLElement | null>,
  attempt: number,
  ready = true,
): void {
  const done = useRef(0)
  useEffect(() => {
    if (attempt === done.current || !ready || !form.current) return
    done.current = attempt
    focusFirstInvalid(form.current)
  }, [form, attempt, ready])
}

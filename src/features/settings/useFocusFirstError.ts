import { useEffect, type RefObject } from 'react'

/**
 * Seeds 5: after a refused submit, focus goes to the first field in error (in form order), else to
 * the form's alert. `attempt` changes on every refused submit, so a second refusal focuses again.
 */
export function useFocusFirstError(form: RefObject<HTMLElement | null>, attempt: number): void {
  useEffect(() => {
    if (attempt === 0) return
    const root = form.current
    if (!root) return
    const target =
      root.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      root.querySelector<HTMLElement>('[data-form-alert]')
    target?.focus()
  }, [form, attempt])
}

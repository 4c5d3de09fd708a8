import { useId, type ReactNode } from 'react'
import { Button } from './Button'
import type { SearchForm as SearchFormModel } from './useSearchForm'
import styles from './SearchForm.module.css'

export type SearchFormProps = {
  /** The state from useSearchForm. */
  form: SearchFormModel
  /** The field's accessible name, and the submit button's text (translated by the caller). */
  label: string
  submitLabel: string
  placeholder?: string
  hint?: ReactNode
  /** Filters beside the query (selects, checkboxes). */
  children?: ReactNode
}

/**
 * An admin list's search form (seeds 001 §4): a query field and a submit button; submitting an
 * empty query does nothing, otherwise the page goes back to 1 and the state to loading.
 */
export function SearchForm({
  form,
  label,
  submitLabel,
  placeholder,
  hint,
  children,
}: SearchFormProps) {
  const inputId = useId()
  const hintId = useId()
  return (
    <form
      role="search"
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault()
        form.submit()
      }}
    >
      <div className={styles.field}>
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
        <input
          id={inputId}
          type="search"
          className={styles.input}
          value={form.value}
          placeholder={placeholder}
          aria-describedby={hint !== undefined ? hintId : undefined}
          onChange={(event) => {
            form.setValue(event.target.value)
          }}
        />
        {hint !== undefined ? (
          <p id={hintId} className={styles.hint}>
            {hint}
          </p>
        ) : null}
      </div>
      {children}
      <Button type="submit" loading={form.status === 'loading'}>
        {submitLabel}
      </Button>
    </form>
  )
}

import type { RefObject } from 'react'
import { Plural } from '@lingui/react/macro'
import type { SummaryItem } from './useFieldErrors'
import styles from './forms.module.css'

/**
 * GOV.UK's error summary: the problems above the form (role alert, so it is announced); each item
 * moves focus to its field. Nothing when there are none.
 */
export function ErrorSummary({
  items,
  formRef,
}: {
  items: readonly SummaryItem[]
  formRef: RefObject<HTMLElement | null>
}) {
  if (items.length === 0) return null
  return (
    <div role="alert" className={styles.summary}>
      <p className={styles.summaryTitle}>
        <Plural
          value={items.length}
          one="There is a problem with # answer"
          other="There are problems with # answers"
        />
      </p>
      <ul className={styles.summaryList}>
        {items.map((item) => (
          <li key={item.field}>
            <button
              type="button"
              className={styles.summaryLink}
              onClick={() => {
                formRef.current?.querySelector<HTMLElement>(`[name="${item.control}"]`)?.focus()
              }}
            >
              {item.message}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}

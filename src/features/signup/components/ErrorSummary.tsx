import type { RefObject } from 'react'
import { Plural } from '@lingui/react/macro'
import type { SignupField } from '../../../lib/signup-errors'
import styles from '../signup.module.css'

export type SummaryItem = { field: SignupField; message: string }

/**
 * The list of problems above the form (role alert, so it is announced); each item moves focus to
 * its field.
 */
export function ErrorSummary({
  items,
  formRef,
}: {
  items: readonly SummaryItem[]
  formRef: RefObject<HTMLFormElement | null>
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
                formRef.current?.querySelector<HTMLElement>(`[name="${item.field}"]`)?.focus()
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

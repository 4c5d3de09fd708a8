import { useKeptChangeCount } from './kept-changes'
import { KeptChangesText } from './KeptChangesText'
import styles from './KeptChangesNotice.module.css'

/**
 * For someone signed out: the changes the last user of this device made offline that are kept
 * until that user signs in again (their session ended before they could be sent). Says how many,
 * never what they are.
 */
export function KeptChangesNotice() {
  const count = useKeptChangeCount()
  if (count === 0) return null
  return (
    <div className={styles.notice} role="status" data-testid="kept-changes-notice">
      <KeptChangesText
        count={count}
        moment="after-sign-out"
        titleClassName={styles.title}
        textClassName={styles.text}
      />
    </div>
  )
}

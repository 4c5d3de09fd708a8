import { Plural } from '@lingui/react/macro'
import { useKeptChangeCount } from './kept-changes'
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
      <p className={styles.title}>
        <Plural
          value={count}
          one="# change is waiting for you to sign in again"
          other="# changes are waiting for you to sign in again"
        />
      </p>
      <p className={styles.text}>
        <Plural
          value={count}
          one="It was made on this device while you were offline. Sign in with the same account to send it."
          other="They were made on this device while you were offline. Sign in with the same account to send them."
        />
      </p>
    </div>
  )
}

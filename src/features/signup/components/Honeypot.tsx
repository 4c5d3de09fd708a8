import type { RefObject } from 'react'
import { useLingui } from '@lingui/react/macro'
import styles from '../signup.module.css'

/**
 * Seeds 2.5 honeypot `other`: a field people never see or reach (off-screen rather than
 * display:none, which some robots skip; hidden from assistive technology; out of the tab order; no
 * autofill). Anything in it means a robot, and the server then silently ignores the application.
 */
export function Honeypot({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const { t } = useLingui()
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label>
        {t`Leave this field empty`}
        <input ref={inputRef} type="text" name="other" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  )
}

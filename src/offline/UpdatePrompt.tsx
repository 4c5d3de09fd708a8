import { useId, useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { Button } from '../ui'
import { applyUpdate, dismissUpdate, useUpdatePromptShown } from './register-sw'
import styles from './UpdatePrompt.module.css'

/**
 * "A new version is available": the user chooses when to reload, so nothing typed is lost to a
 * silent reload. The status line stays mounted so screen readers announce the message when it appears.
 */
export function UpdatePrompt() {
  const titleId = useId()
  const shown = useUpdatePromptShown()
  const [reloading, setReloading] = useState(false)

  const handleReload = () => {
    setReloading(true)
    applyUpdate()
  }

  return (
    <div className={styles.area}>
      <section
        className={shown ? styles.toast : undefined}
        aria-labelledby={shown ? titleId : undefined}
      >
        <p id={titleId} role="status" className={styles.message}>
          {shown ? <Trans>A new version is available</Trans> : null}
        </p>
        {shown ? (
          <div className={styles.actions}>
            <Button onClick={handleReload} loading={reloading}>
              <Trans>Reload</Trans>
            </Button>
            <Button variant="secondary" onClick={dismissUpdate} disabled={reloading}>
              <Trans>Later</Trans>
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  )
}

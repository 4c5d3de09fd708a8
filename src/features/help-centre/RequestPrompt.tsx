import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import type { HcLocale } from '#contracts/help-centre.ts'
import type { Session } from '../../session'
import { canSendHelpRequest } from './request-access'
import styles from './help-centre.module.css'

/** "Still need help?" with the way to the request form (not in the enterprise view). */
export function RequestPrompt({ locale, session }: { locale: HcLocale; session: Session | null }) {
  if (!canSendHelpRequest(session)) return null
  return (
    <aside className={styles.prompt} aria-labelledby="hc-still">
      <h2 id="hc-still" className={styles.sectionTitle}>
        <Trans>Still need help?</Trans>
      </h2>
      <p>
        <Trans>Send us a request and we will answer by email.</Trans>
      </p>
      <Link to="/hc/{-$locale}/requests/new" params={{ locale }} className={styles.action}>
        <Trans>Submit a request</Trans>
      </Link>
    </aside>
  )
}

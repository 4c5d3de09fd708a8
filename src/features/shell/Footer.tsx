import { Trans, useLingui } from '@lingui/react/macro'
import { SHELL_LINKS } from './shell-config'
import styles from './Footer.module.css'

/** Seeds 000 §2.1 footer: copyright, privacy policy, company and social links, print-only notice. */
export function Footer() {
  const { t } = useLingui()
  const year = new Date().getFullYear()
  return (
    <footer className={styles.footer}>
      <p className={styles.copyright}>
        <Trans>© {year} Whitebox</Trans>
      </p>
      <nav aria-label={t`Footer`}>
        <ul className={styles.links}>
          <li>
            <a href={SHELL_LINKS.privacyPolicy} target="_blank" rel="noopener noreferrer">
              <Trans>Privacy policy</Trans>
            </a>
          </li>
          <li>
            <a href={SHELL_LINKS.companySite} target="_blank" rel="noopener noreferrer">
              <Trans>Company website</Trans>
            </a>
          </li>
          {SHELL_LINKS.social.map((network) => (
            <li key={network.id}>
              <a href={network.url} target="_blank" rel="noopener noreferrer">
                {network.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p className={styles.legal}>
        <Trans>
          Printed from Whitebox. The results in this document are confidential to the account holder
          and their organisation and may not be shared or published without permission.
        </Trans>
      </p>
    </footer>
  )
}

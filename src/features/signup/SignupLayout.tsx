import type { CSSProperties, ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SignupProgramme } from '#contracts/signup.ts'
import { ANSWERS_NOW_LINKS } from './links'
import { SignupHeader } from './SignupHeader'
import styles from './signup.module.css'

export { SignupHeader }

/** Links that leave the app open in a new tab; the rest (the in-app FAQ, mailto) do not. */
function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const external = /^https?:\/\//.test(href)
  return (
    <a
      href={href}
      className={styles.link}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </a>
  )
}

/** Seeds 2.5 side panel: the study's report, FAQ and contact links, in the study's colour. */
function StudyPanel({ programme }: { programme: SignupProgramme }) {
  const { t } = useLingui()
  const fibre = programme.variant === 'fixed_line_fibre'
  return (
    <aside className={styles.panel} aria-label={t`About the study`}>
      <h2 className={styles.panelTitle}>
        <Trans>About the study</Trans>
      </h2>
      <p>
        {fibre ? (
          <Trans>
            The results show how fixed-line fibre really performs in homes across the Kingdom, at
            every time of day. They are published without anything that identifies you.
          </Trans>
        ) : (
          <Trans>
            The results show how broadband really performs in homes across the country, at every
            time of day. They are published without anything that identifies you.
          </Trans>
        )}
      </p>
      <ul className={styles.panelLinks}>
        <li>
          <ExternalLink href={programme.links.reports}>
            <Trans>Read the latest report</Trans>
          </ExternalLink>
        </li>
        <li>
          <ExternalLink href={programme.links.faq}>
            <Trans>Frequently asked questions</Trans>
          </ExternalLink>
        </li>
        <li>
          <ExternalLink href={programme.links.contact}>
            <Trans>Contact the study team</Trans>
          </ExternalLink>
        </li>
      </ul>
    </aside>
  )
}

/** Seeds 2.5 need-answers-now: the mobile apps and the web test, for a result today. */
function AnswersNow() {
  const { t } = useLingui()
  return (
    <section className={styles.answers} aria-labelledby="signup-answers-now">
      <h2 id="signup-answers-now" className={styles.sectionTitle}>
        <Trans>Need answers now?</Trans>
      </h2>
      <p>
        <Trans>
          Test your connection today with our mobile app or in your browser while you wait.
        </Trans>
      </p>
      <ul className={styles.answerLinks} aria-label={t`Test your connection now`}>
        <li>
          <ExternalLink href={ANSWERS_NOW_LINKS.ios}>
            <Trans>App for iPhone and iPad</Trans>
          </ExternalLink>
        </li>
        <li>
          <ExternalLink href={ANSWERS_NOW_LINKS.android}>
            <Trans>App for Android</Trans>
          </ExternalLink>
        </li>
        <li>
          <ExternalLink href={ANSWERS_NOW_LINKS.webTest}>
            <Trans>Web test in your browser</Trans>
          </ExternalLink>
        </li>
      </ul>
    </section>
  )
}

/** Seeds 2.5 footer links: latest reports, FAQ, contact us. */
function SignupFooterLinks({ programme }: { programme: SignupProgramme }) {
  const { t } = useLingui()
  return (
    <nav className={styles.footerLinks} aria-label={t`Study links`}>
      <ul>
        <li>
          <ExternalLink href={programme.links.reports}>
            <Trans>Latest reports</Trans>
          </ExternalLink>
        </li>
        <li>
          <ExternalLink href={programme.links.faq}>
            <Trans>FAQ</Trans>
          </ExternalLink>
        </li>
        <li>
          <ExternalLink href={programme.links.contact}>
            <Trans>Contact us</Trans>
          </ExternalLink>
        </li>
      </ul>
    </nav>
  )
}

/**
 * Seeds 2.5 layout: the header with the study's logo and name, the form (or its success confirmation), the
 * branded side panel (beside the form on wide screens, below it on phones), need-answers-now and
 * the footer links.
 */
export function SignupLayout({
  programme,
  children,
}: {
  programme: SignupProgramme
  children: ReactNode
}) {
  const brand = { '--signup-brand': programme.branding.primary_colour } as CSSProperties
  return (
    <>
      <SignupHeader programme={programme} />
      <div className={styles.page} style={brand}>
        <div className={styles.columns}>
          <div className={styles.content}>{children}</div>
          <StudyPanel programme={programme} />
        </div>
        <AnswersNow />
        <SignupFooterLinks programme={programme} />
      </div>
    </>
  )
}

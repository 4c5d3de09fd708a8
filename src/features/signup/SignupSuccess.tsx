import { useEffect, useRef } from 'react'
import { Trans } from '@lingui/react/macro'
import type { SignupProgramme } from '#contracts/signup.ts'
import { useStudyName } from './names'
import styles from './signup.module.css'

/** Seeds 2.5 intro: the general text (Australia, New Zealand, Oman) or the Saudi fixed-line fibre one. */
export function SignupIntro({
  programme,
  showText = true,
}: {
  programme: SignupProgramme
  /** False once the application is sent: only the title stays above the confirmation. */
  showText?: boolean
}) {
  const study = useStudyName(programme)
  if (programme.variant === 'fixed_line_fibre') {
    return (
      <>
        <h1 className={styles.title}>
          <Trans>Volunteer to measure fixed-line fibre</Trans>
        </h1>
        {showText ? (
          <p className={styles.intro}>
            <Trans>
              Help {study} measure how fixed-line fibre broadband really performs across the
              Kingdom. Households with a fixed fibre connection receive a free Whitebox: a small
              device that plugs into the router and tests the connection when nobody is using it.
            </Trans>
          </p>
        ) : null}
      </>
    )
  }
  return (
    <>
      <h1 className={styles.title}>
        <Trans>Volunteer to measure your broadband</Trans>
      </h1>
      {showText ? (
        <p className={styles.intro}>
          <Trans>
            Help {study} measure how home broadband really performs. Volunteers receive a free
            Whitebox: a small device that plugs into the router and tests the connection when nobody
            is using it.
          </Trans>
        </p>
      ) : null}
    </>
  )
}

/**
 * Seeds 2.5 success: thanks, then what happens next (selected → an email to confirm the kit's
 * address → plug in → log in to the dashboard), with the FAQ and email contact. It replaces the
 * form and takes focus, so a screen reader hears it at once.
 */
export function SignupSuccess({ programme }: { programme: SignupProgramme }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.focus()
  }, [])
  const study = useStudyName(programme)
  const saudi = programme.form === 'saudi'
  return (
    <section className={styles.success} aria-labelledby="signup-success-title">
      <h2 id="signup-success-title" ref={heading} tabIndex={-1} className={styles.successTitle}>
        <Trans>Thank you for signing up!</Trans>
      </h2>
      <p>
        <Trans>Your application to join {study} has been received.</Trans>
      </p>
      <h3 className={styles.subTitle}>
        <Trans>What happens next</Trans>
      </h3>
      <ol className={styles.nextSteps}>
        <li>
          <Trans>
            If you are selected, we will email you to confirm the address where we should send your
            home kit.
          </Trans>
        </li>
        <li>
          <Trans>When it arrives, plug the Whitebox into your router and into power.</Trans>
        </li>
        <li>
          <Trans>Sign in to your dashboard to see how your connection performs.</Trans>
        </li>
      </ol>
      {saudi ? (
        <p>
          <Trans>
            We have also emailed you a link to choose your password, so that you can sign in later.
          </Trans>
        </p>
      ) : null}
      <p>
        <Trans>
          Questions? Read the{' '}
          <a className={styles.link} href={programme.links.faq}>
            FAQs
          </a>{' '}
          or{' '}
          <a className={styles.link} href={programme.links.contact}>
            email us
          </a>
          .
        </Trans>
      </p>
    </section>
  )
}

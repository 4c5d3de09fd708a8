import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { SIGNUP_STATUSES, type SignupStatus } from '#contracts/signup.ts'
import { numberFormat } from '../../lib/number-format'
import styles from './profile.module.css'

const LABELS: Record<SignupStatus, MessageDescriptor> = {
  signup: msg`Signed up`,
  waiting_list: msg`Waiting list`,
  selected: msg`Selected`,
  shipping: msg`Shipping`,
}

const EXPLANATIONS: Record<SignupStatus, MessageDescriptor> = {
  signup: msg`We have your application. We will email you if you are selected.`,
  waiting_list: msg`You are on the waiting list. We will email you when a Whitebox is available for your area.`,
  selected: msg`You have been selected. Check your email to confirm where we should send your Whitebox.`,
  shipping: msg`Your Whitebox is on its way. When it arrives, plug it into your router and into power.`,
}

/** Seeds 4.4 profile status as a step indicator: signup → waiting list → selected → shipping. */
export function StatusSteps({ status }: { status: SignupStatus }) {
  const { i18n, t } = useLingui()
  const current = SIGNUP_STATUSES.indexOf(status)
  // The step numbers in the locale's digits, as every count (Arabic-Indic in ar-SA).
  const digits = numberFormat(i18n.locale)
  return (
    <>
      <ol className={styles.steps} aria-label={t`Sign-up progress`}>
        {SIGNUP_STATUSES.map((step, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo'
          return (
            <li
              key={step}
              className={`${styles.step} ${styles[state]}`}
              aria-current={index === current ? 'step' : undefined}
            >
              <span className={styles.marker} aria-hidden="true">
                {index < current ? '✓' : digits.format(index + 1)}
              </span>
              <span className={styles.stepLabel}>
                {i18n._(LABELS[step])}
                {index < current ? <span className="wb-visually-hidden">{t`(done)`}</span> : null}
              </span>
            </li>
          )
        })}
      </ol>
      <p className={styles.text}>{i18n._(EXPLANATIONS[status])}</p>
    </>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { numberFormat } from '../../../lib/number-format'
import type { SaudiStep } from '../../../lib/signup-errors'
import styles from '../signup.module.css'

/** "Step 2 of 4" and a bar of the four steps, in the locale's digits. */
export function StepProgress({ step }: { step: SaudiStep }) {
  const { t, i18n } = useLingui()
  // Written in the locale's digits, as every other count is (Arabic-Indic in ar-SA).
  const digits = numberFormat(i18n.locale)
  const current = digits.format(step)
  const last = digits.format(4)
  return (
    <div className={styles.progress}>
      <p className={styles.stepCount}>
        <Trans>
          Step {current} of {last}
        </Trans>
      </p>
      <div
        className={styles.progressBar}
        role="progressbar"
        aria-label={t`Sign-up progress`}
        aria-valuemin={1}
        aria-valuemax={4}
        aria-valuenow={step}
      >
        {[1, 2, 3, 4].map((n) => (
          <span key={n} className={n <= step ? styles.progressDone : styles.progressTodo} />
        ))}
      </div>
    </div>
  )
}

/** The title of each step. */
export function StepTitle({ step }: { step: SaudiStep }) {
  switch (step) {
    case 1:
      return <Trans>Before you start</Trans>
    case 2:
      return <Trans>Your details</Trans>
    case 3:
      return <Trans>Your addresses</Trans>
    case 4:
      return <Trans>Your broadband</Trans>
  }
}

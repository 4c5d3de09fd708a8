import { Trans } from '@lingui/react/macro'
import type { SaudiStep } from '../../../lib/signup-errors'
import { Button } from '../../../ui'
import styles from '../signup.module.css'

/** Back (after step 1), then Next on steps 1–3 or Sign up on step 4 (seeds 2.5: submit on 4). */
export function StepActions({
  step,
  nextDisabled,
  submitting,
  onBack,
}: {
  step: SaudiStep
  /** Step 1's Next waits for the three requirements. */
  nextDisabled: boolean
  submitting: boolean
  onBack: () => void
}) {
  return (
    <div className={styles.stepActions}>
      {step > 1 ? (
        <Button variant="secondary" name="back" onClick={onBack}>
          <Trans>Back</Trans>
        </Button>
      ) : null}
      {step < 4 ? (
        <Button type="submit" name="next" disabled={nextDisabled}>
          <Trans>Next</Trans>
        </Button>
      ) : (
        <Button type="submit" name="send" loading={submitting}>
          <Trans>Sign up</Trans>
        </Button>
      )}
    </div>
  )
}

import { Trans } from '@lingui/react/macro'
import { CheckboxField } from '../components/CheckboxField'
import { FieldGroup } from '../components/FieldGroup'
import type { SaudiStepProps } from './step-props'
import styles from '../signup.module.css'

/** Step 1: the three requirements (Next stays disabled until all are ticked). */
export function RequirementsStep({ values, set }: Pick<SaudiStepProps, 'values' | 'set'>) {
  return (
    <FieldGroup
      legend={<Trans>To host a Whitebox you need:</Trans>}
      hint={<Trans>Tick all three to continue.</Trans>}
    >
      {({ describedBy }) => (
        <div className={styles.checks}>
          <CheckboxField
            name="has_fixed_connection"
            aria-describedby={describedBy}
            label={
              <Trans>A fixed broadband connection at home (fibre or another fixed line)</Trans>
            }
            checked={values.has_fixed_connection}
            onChange={(e) => {
              set('has_fixed_connection', e.target.checked)
            }}
          />
          <CheckboxField
            name="has_space"
            aria-describedby={describedBy}
            label={<Trans>Some space next to your router for a small box</Trans>}
            checked={values.has_space}
            onChange={(e) => {
              set('has_space', e.target.checked)
            }}
          />
          <CheckboxField
            name="has_spare_power"
            aria-describedby={describedBy}
            label={<Trans>A spare power socket near your router</Trans>}
            checked={values.has_spare_power}
            onChange={(e) => {
              set('has_spare_power', e.target.checked)
            }}
          />
        </div>
      )}
    </FieldGroup>
  )
}

import { useId } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import styles from '../Dashboard.module.css'

export type UnitPickerProps = {
  unitIds: readonly number[]
  value: number
  onChange: (unitId: number) => void
}

/** Chooses which of the user's units the dashboard shows (only when there are several). */
export function UnitPicker({ unitIds, value, onChange }: UnitPickerProps) {
  const { t } = useLingui()
  const id = useId()
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        <Trans>Whitebox</Trans>
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(event) => {
          onChange(Number(event.target.value))
        }}
      >
        {unitIds.map((unitId) => (
          <option key={unitId} value={unitId}>
            {t`Whitebox ${unitId}`}
          </option>
        ))}
      </select>
    </div>
  )
}

import { useId } from 'react'
import styles from '../Dashboard.module.css'

export type SegmentedControlProps<T extends string> = {
  /** The group's name for assistive technology (visually hidden). */
  legend: string
  options: readonly { value: T; label: string }[]
  value: T
  onChange: (value: T) => void
}

/** A row of radio buttons drawn as one segmented control (arrow keys move between options). */
export function SegmentedControl<T extends string>({
  legend,
  options,
  value,
  onChange,
}: SegmentedControlProps<T>) {
  const name = useId()
  return (
    <fieldset className={styles.segmented}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={styles.segment}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => {
              onChange(option.value)
            }}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  )
}

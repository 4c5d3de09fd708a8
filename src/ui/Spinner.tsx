import styles from './Spinner.module.css'

export type SpinnerProps = {
  size?: 'small' | 'medium'
  /** Accessible name; without it the spinner is decorative (the caller announces the state). */
  label?: string
}

/** A loading indicator; announced as a status only when labelled. */
export function Spinner({ size = 'medium', label }: SpinnerProps) {
  const className = size === 'small' ? `${styles.spinner} ${styles.small}` : styles.spinner
  if (label === undefined) return <span className={className} aria-hidden="true" />
  return (
    <span role="status" aria-label={label}>
      <span className={className} aria-hidden="true" />
    </span>
  )
}

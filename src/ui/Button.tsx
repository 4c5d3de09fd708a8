import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { Spinner } from './Spinner'
import styles from './Button.module.css'

/**
 * The hierarchy of actions: one primary per screen (filled), secondary beside it (outlined), text
 * for minor actions (Cancel, Close, Show more). `link` is the former name of `text`.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'text' | 'link'

/** The classes of a button, for an element that must look like one (LinkButton). */
export function buttonClassName(variant: ButtonVariant, block = false, className?: string): string {
  return [styles.button, styles[variant === 'link' ? 'text' : variant], block ? styles.block : '']
    .concat(className ?? '')
    .filter(Boolean)
    .join(' ')
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant
  /** Shows a spinner and blocks clicks while an action runs. */
  loading?: boolean
  block?: boolean
  children: ReactNode
}

/** A button with a 44 px touch target and a loading state. */
export function Button({
  variant = 'primary',
  loading = false,
  block = false,
  disabled,
  className,
  children,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  const classes = buttonClassName(variant, block, className)
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled === true}
      // Loading, the button keeps its focus (a disabled one drops it to the page, and a keyboard
      // or screen-reader user loses their place): it is marked unavailable and takes no click,
      // nor the Enter of a form's field (the click that submits the form is cancelled).
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault()
          return
        }
        onClick?.(event)
      }}
    >
      {loading ? <Spinner size="small" /> : null}
      {children}
    </button>
  )
}

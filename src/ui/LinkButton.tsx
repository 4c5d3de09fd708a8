import type { AnchorHTMLAttributes, Ref } from 'react'
import { createLink } from '@tanstack/react-router'
import { buttonClassName, type ButtonVariant } from './Button'

type ButtonAnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  variant?: ButtonVariant
  block?: boolean
  ref?: Ref<HTMLAnchorElement>
}

function ButtonAnchor({
  variant = 'secondary',
  block = false,
  className,
  ...rest
}: ButtonAnchorProps) {
  return <a {...rest} className={buttonClassName(variant, block, className)} />
}

/**
 * Navigation that reads as an action ("See all tests", "Go to the dashboard"): a router link (it
 * opens a page, in a new tab too) that looks like a button. Kept out of the shared parts chunk
 * (vite.config.ts): the sign-in page opened first has no router.
 */
export const LinkButton = createLink(ButtonAnchor)

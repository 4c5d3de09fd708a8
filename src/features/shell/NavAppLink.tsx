import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { isExternalLink, type NavLinkItem } from '../../lib/nav-links'
import { AppLink } from '../../navigation/navigation'
import { ShellIcon } from './ShellIcon'

type NavAppLinkProps = {
  link: NavLinkItem
  className?: string
  /** Show the link's description under its name (the Apps menu). */
  withDescription?: boolean
  onNavigate?: () => void
}

/** One app link: in-app through the app's navigation, or in a new tab when the address leaves the app. */
export function NavAppLink({
  link,
  className,
  withDescription = false,
  onNavigate,
}: NavAppLinkProps) {
  const { i18n } = useLingui()
  const content = (
    <>
      <ShellIcon name={link.icon} />
      <span>
        <span>{i18n._(link.name)}</span>
        {withDescription ? <small>{i18n._(link.description)}</small> : null}
      </span>
    </>
  )
  if (isExternalLink(link.link)) {
    return (
      <a
        href={link.link}
        target="_blank"
        rel="noopener noreferrer"
        className={className}
        onClick={onNavigate}
      >
        {content}
        <ShellIcon name="external" size={14} />
        <span className="wb-visually-hidden">
          <Trans>(opens in a new tab)</Trans>
        </span>
      </a>
    )
  }
  return (
    <AppLink to={link.link} className={className} onClick={onNavigate}>
      {content}
    </AppLink>
  )
}

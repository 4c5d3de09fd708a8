import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { panelLogoQuery } from '../../api/panel-logo.api'

/**
 * A panel's logo where the panel is named (the panel picker's menu, switch-panel): nothing while
 * it loads, when the panel has none, or when it cannot be read.
 */
export function PanelLogoImage({
  pid,
  name,
  className,
}: {
  pid: number
  name: string
  className?: string
}) {
  const { t } = useLingui()
  const logo = useQuery(panelLogoQuery(pid))
  if (!logo.data) return null
  return <img src={logo.data} alt={t`Logo of ${name}`} className={className} />
}

import { Trans, useLingui } from '@lingui/react/macro'
import { formatDataAge } from '../../lib/data-age'
import { useNow } from '../consumer/parts'

/** "5 min ago" with the absolute time beside it (both from Intl in the active locale). */
export function LastSeen({ value }: { value: string | null }) {
  const { i18n } = useLingui()
  const now = useNow()
  const time = value === null ? Number.NaN : Date.parse(value)
  if (Number.isNaN(time)) return <Trans>Never</Trans>
  const { when, ago, iso } = formatDataAge(time, { now, locale: i18n.locale })
  return (
    <span>
      <time dateTime={iso}>{ago}</time> <small>({when})</small>
    </span>
  )
}

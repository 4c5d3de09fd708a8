import { useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import type { HcLocale } from '#contracts/help-centre.ts'
import { SearchField } from '../../ui'

/** The help centre's search field: a search leads to the results page with the query in the URL. */
export function HcSearchBox({
  locale,
  initialQuery = '',
  category = null,
  hideLabel = true,
}: {
  locale: HcLocale
  initialQuery?: string
  /** The category filter to keep (the results page). */
  category?: number | null
  hideLabel?: boolean
}) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const [value, setValue] = useState(initialQuery)
  return (
    <SearchField
      label={t`Search the help centre`}
      hideLabel={hideLabel}
      value={value}
      onValueChange={setValue}
      trim
      placeholder={t`Search articles`}
      submitLabel={t`Search`}
      clearLabel={t`Clear the search`}
      onSearch={(query) => {
        void navigate({
          to: '/hc/{-$locale}/search',
          params: { locale },
          search: { query, ...(category === null ? {} : { category }) },
        })
      }}
    />
  )
}

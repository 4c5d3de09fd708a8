import { useDeferredValue, useMemo, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { HcLocale } from '#contracts/help-centre.ts'
import { searchArticles } from '../../lib/offline-search'
import { SearchField, type SearchSuggestion } from '../../ui'
import { savedArticles } from './offline-corpus'

/** Articles offered as the user types (the search field widget's suggestions, seeds 000 §2.2). */
const MAX_SUGGESTIONS = 5
/** Fewer letters than this match too much to be worth a list. */
const MIN_QUERY = 2

/**
 * The help centre's search field: a search leads to the results page with the query in the URL.
 * As the user types, the articles saved on the device that match (the home's list, those opened,
 * earlier results) are suggested by title; choosing one opens it, online or offline.
 */
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
  const queryClient = useQueryClient()
  const [value, setValue] = useState(initialQuery)
  // Typing stays immediate; the list follows when the browser has time.
  const typed = useDeferredValue(value.trim())
  const suggestions = useMemo<SearchSuggestion[]>(() => {
    if (typed.length < MIN_QUERY) return []
    return searchArticles(savedArticles(queryClient, locale), typed, { categoryId: category })
      .slice(0, MAX_SUGGESTIONS)
      .map(({ article }) => ({ id: String(article.id), label: article.title }))
  }, [typed, queryClient, locale, category])

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
      suggestions={suggestions}
      suggestionsLabel={t`Matching articles`}
      onSuggestionSelect={(suggestion) => {
        void navigate({
          to: '/hc/{-$locale}/articles/$articleId',
          params: { locale, articleId: suggestion.id },
        })
      }}
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

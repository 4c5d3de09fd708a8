import type { QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  HcArticleListSchema,
  HcArticleSchema,
  HcSearchResultsSchema,
  HcSectionListSchema,
  HcSectionSchema,
  type HcArticle,
  type HcLocale,
} from '#contracts/help-centre.ts'
import type { SearchableArticle } from '../../lib/offline-search'
import { hcKeys } from './help-centre.queries'

/** A saved article with its category (from the saved sections), ready for the offline search. */
export type SavedArticle = HcArticle & SearchableArticle

/**
 * Every article of a locale saved on the device: the ones opened (newest first), then those of the
 * saved lists and searches. An article may appear more than once; the search keeps the first.
 */
export function savedArticles(queryClient: QueryClient, locale: HcLocale): SavedArticle[] {
  const categoryOfSection = new Map<number, number>()
  const opened: { article: HcArticle; at: number }[] = []
  const listed: HcArticle[] = []
  const queries = queryClient.getQueryCache().findAll({ queryKey: hcKeys.locale(locale) })
  // Data read back from IndexedDB is checked like any answer from the network.
  for (const { state } of queries) {
    const data: unknown = state.data
    if (v.is(HcArticleSchema, data)) opened.push({ article: data, at: state.dataUpdatedAt })
    else if (v.is(HcArticleListSchema, data)) listed.push(...data.articles)
    else if (v.is(HcSearchResultsSchema, data)) {
      for (const result of data.results) {
        categoryOfSection.set(result.section_id, result.category_id)
        listed.push(result)
      }
    } else if (v.is(HcSectionSchema, data)) categoryOfSection.set(data.id, data.category_id)
    else if (v.is(HcSectionListSchema, data)) {
      for (const section of data.sections) categoryOfSection.set(section.id, section.category_id)
    }
  }
  opened.sort((a, b) => b.at - a.at)
  return [...opened.map((o) => o.article), ...listed].map((article) => ({
    ...article,
    categoryId: categoryOfSection.get(article.section_id) ?? null,
  }))
}

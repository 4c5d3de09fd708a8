import { HC_LOCALES, type HcLocale } from '../../../contracts/help-centre.ts'
import type { NewArticle, NewCategory, NewSection } from '../../services/help-centre/repository.ts'
import { AR } from './ar.ts'
import { EN_GB } from './en-gb.ts'
import { FR_CA } from './fr-ca.ts'
import { HC_ARTICLES, HC_CATEGORY_IDS, HC_SECTIONS, type HcLocaleContent } from './structure.ts'

/** Every locale's words; the structure (ids, order, promoted) is shared. */
export const HC_CONTENT: Record<HcLocale, HcLocaleContent> = {
  'en-gb': EN_GB,
  ar: AR,
  'fr-ca': FR_CA,
}

const DAY_MS = 86_400_000

/** Rows for every category, section and article in every locale, dated relative to `now`. */
export function helpCentreRows(now: Date): {
  categories: NewCategory[]
  sections: NewSection[]
  articles: NewArticle[]
} {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS)
  const categories: NewCategory[] = []
  const sections: NewSection[] = []
  const articles: NewArticle[] = []
  for (const locale of HC_LOCALES) {
    const content = HC_CONTENT[locale]
    HC_CATEGORY_IDS.forEach((id, index) => {
      categories.push({
        id,
        locale,
        position: index + 1,
        ...content.categories[id],
        createdAt: daysAgo(420),
        updatedAt: daysAgo(30),
      })
    })
    HC_SECTIONS.forEach((section) => {
      const position = HC_SECTIONS.filter((s) => s.categoryId === section.categoryId).indexOf(
        section,
      )
      sections.push({
        id: section.id,
        locale,
        categoryId: section.categoryId,
        position: position + 1,
        ...content.sections[section.id],
        createdAt: daysAgo(420),
        updatedAt: daysAgo(30),
      })
    })
    HC_ARTICLES.forEach((article) => {
      const position = HC_ARTICLES.filter((a) => a.sectionId === article.sectionId).indexOf(article)
      articles.push({
        id: article.id,
        locale,
        sectionId: article.sectionId,
        position: position + 1,
        ...content.articles[article.id],
        labelNames: [...article.labels],
        promoted: article.promoted,
        createdAt: daysAgo(article.publishedDaysAgo),
        updatedAt: daysAgo(article.editedDaysAgo),
      })
    })
  }
  return { categories, sections, articles }
}

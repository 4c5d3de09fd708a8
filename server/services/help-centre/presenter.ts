import {
  HC_FALLBACK_LOCALE,
  toHcLocale,
  type HcArticle,
  type HcCategory,
  type HcLocale,
  type HcSearchResult,
  type HcSection,
} from '../../../contracts/help-centre.ts'
import type { Mail } from '../../plugins/mail.ts'
import type { ArticleRow, CategoryRow, SectionRow } from './repository.ts'

/** The stored locale of a row (always one of the three; en-gb should a stray one appear). */
function rowLocale(locale: string): HcLocale {
  return toHcLocale(locale) ?? HC_FALLBACK_LOCALE
}

/**
 * The app's page for an item. It stays in the asked locale even when the item fell back to
 * en-gb: the reader keeps their language for everything around it.
 */
function pageUrl(locale: HcLocale, kind: 'categories' | 'sections' | 'articles', id: number) {
  return `/hc/${locale}/${kind}/${String(id)}`
}

/** A category row as the API shows it to a reader of `locale`. */
export function presentCategory(row: CategoryRow, locale: HcLocale): HcCategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    locale: rowLocale(row.locale),
    position: row.position,
    html_url: pageUrl(locale, 'categories', row.id),
    updated_at: row.updatedAt.toISOString(),
  }
}

/** A section row as the API shows it to a reader of `locale`. */
export function presentSection(row: SectionRow, locale: HcLocale): HcSection {
  return {
    id: row.id,
    category_id: row.categoryId,
    name: row.name,
    description: row.description,
    locale: rowLocale(row.locale),
    position: row.position,
    html_url: pageUrl(locale, 'sections', row.id),
    updated_at: row.updatedAt.toISOString(),
  }
}

/** An article row as the API shows it to a reader of `locale`. */
export function presentArticle(row: ArticleRow, locale: HcLocale): HcArticle {
  return {
    id: row.id,
    section_id: row.sectionId,
    title: row.title,
    body: row.body,
    locale: rowLocale(row.locale),
    position: row.position,
    label_names: row.labelNames,
    promoted: row.promoted,
    html_url: pageUrl(locale, 'articles', row.id),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/** A search hit: the article, where it sits, and its highlighted snippet. */
export function presentSearchResult(
  row: ArticleRow,
  locale: HcLocale,
  snippet: string,
): HcSearchResult {
  return { ...presentArticle(row, locale), snippet, category_id: row.categoryId ?? 0 }
}

/**
 * Zendesk offset-pagination fields. Links are absolute paths carrying the list's own query
 * parameters; past the end, previous_page points at the last page that has items.
 */
export function presentPage(input: {
  path: string
  params?: Record<string, string | undefined>
  page: number
  perPage: number
  total: number
}) {
  const { path, page, perPage, total } = input
  const pageCount = Math.ceil(total / perPage)
  const link = (target: number) => {
    const query = new URLSearchParams()
    for (const [name, value] of Object.entries(input.params ?? {})) {
      if (value !== undefined) query.set(name, value)
    }
    query.set('page', String(target))
    query.set('per_page', String(perPage))
    return `${path}?${query.toString()}`
  }
  return {
    page,
    per_page: perPage,
    page_count: pageCount,
    count: total,
    next_page: page < pageCount ? link(page + 1) : null,
    previous_page: page > 1 ? link(Math.min(page - 1, Math.max(pageCount, 1))) : null,
  }
}

/** The copy of a help-centre request that goes to the support mailbox. */
export function presentRequestMail(input: {
  to: string
  id: number
  requesterName: string
  requesterEmail: string
  subject: string
  body: string
  tags: readonly string[]
  signedInUserId: number | null
}): Mail {
  return {
    to: input.to,
    subject: `[Whitebox help centre #${String(input.id)}] ${input.subject}`,
    text: [
      `From: ${input.requesterName} <${input.requesterEmail}>`,
      `Request: #${String(input.id)} (help centre, priority low)`,
      `Signed in as user: ${input.signedInUserId === null ? 'no' : String(input.signedInUserId)}`,
      `Tags: ${input.tags.length > 0 ? input.tags.join(', ') : 'none'}`,
      '',
      input.body,
    ].join('\n'),
    links: [],
  }
}

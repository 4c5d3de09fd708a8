import { describe, expect, it } from 'vitest'
import { HC_LOCALES } from '../../../contracts/help-centre.ts'
import { articleText, sanitizeArticleHtml } from '../../services/help-centre/sanitize.ts'
import { HC_CONTENT, helpCentreRows } from './index.ts'
import { HC_ARTICLES, HC_CATEGORY_IDS, HC_SECTIONS } from './structure.ts'

const ARTICLE_IDS = new Set<number>(HC_ARTICLES.map((article) => article.id))
const rows = helpCentreRows(new Date('2026-11-21T12:00:00Z'))
const articlesOf = (locale: string) => rows.articles.filter((row) => row.locale === locale)
const words = (html: string) =>
  articleText(html)
    .split(' ')
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length

describe('help-centre structure', () => {
  it('has at least five categories of two or three sections, and about thirty articles', () => {
    expect(HC_CATEGORY_IDS.length).toBeGreaterThanOrEqual(5)
    for (const category of HC_CATEGORY_IDS) {
      const sections = HC_SECTIONS.filter((section) => section.categoryId === category)
      expect(sections.length).toBeGreaterThanOrEqual(2)
      expect(sections.length).toBeLessThanOrEqual(3)
    }
    for (const section of HC_SECTIONS) {
      expect(HC_ARTICLES.some((article) => article.sectionId === section.id)).toBe(true)
    }
    expect(HC_ARTICLES.length).toBeGreaterThanOrEqual(30)
    expect(ARTICLE_IDS.size).toBe(HC_ARTICLES.length)
  })

  it('promotes a handful of articles for the home page', () => {
    const promoted = HC_ARTICLES.filter((article) => article.promoted).length
    expect(promoted).toBeGreaterThanOrEqual(4)
    expect(promoted).toBeLessThanOrEqual(8)
  })

  it('gives every locale every item with the same ids and positions', () => {
    const key = (row: { id: number; position?: number }) =>
      `${String(row.id)}@${String(row.position)}`
    const english = articlesOf('en-gb').map(key)
    expect(english).toHaveLength(HC_ARTICLES.length)
    for (const locale of HC_LOCALES) {
      expect(articlesOf(locale).map(key)).toEqual(english)
      expect(rows.sections.filter((row) => row.locale === locale)).toHaveLength(HC_SECTIONS.length)
      expect(rows.categories.filter((row) => row.locale === locale)).toHaveLength(
        HC_CATEGORY_IDS.length,
      )
    }
  })
})

describe.each(HC_LOCALES)('help-centre content in %s', (locale) => {
  const content = HC_CONTENT[locale]
  const articles = Object.entries(content.articles)

  it.each(articles)('article %s is 120–350 words with headings and a list', (_id, article) => {
    const count = words(article.body)
    expect(count).toBeGreaterThanOrEqual(120)
    expect(count).toBeLessThanOrEqual(350)
    expect(article.body).toMatch(/<h2>/)
    expect(article.body).toMatch(/<(ul|ol)>/)
    expect(article.title.trim()).not.toBe('')
  })

  it.each(articles)('article %s is already clean HTML', (_id, article) => {
    expect(sanitizeArticleHtml(article.body)).toBe(article.body)
  })

  it.each(articles)('article %s links only to articles of its own locale', (_id, article) => {
    for (const [, href] of article.body.matchAll(/href="([^"]*)"/g)) {
      const match = /^\/hc\/([a-z-]+)\/articles\/(\d+)$/.exec(href ?? '')
      expect(match?.[1], href).toBe(locale)
      expect(ARTICLE_IDS.has(Number(match?.[2])), href).toBe(true)
    }
  })

  it('has distinct titles', () => {
    const titles = articles.map(([, article]) => article.title)
    expect(new Set(titles).size).toBe(titles.length)
  })
})

describe('translations', () => {
  it.each(['ar', 'fr-ca'] as const)('%s differs from English for every item', (locale) => {
    const english = HC_CONTENT['en-gb']
    const other = HC_CONTENT[locale]
    for (const article of HC_ARTICLES) {
      expect(other.articles[article.id].title).not.toBe(english.articles[article.id].title)
      expect(other.articles[article.id].body).not.toBe(english.articles[article.id].body)
    }
    for (const section of HC_SECTIONS) {
      expect(other.sections[section.id].name).not.toBe(english.sections[section.id].name)
    }
  })

  it('writes Arabic in Arabic script, with Latin only for names and codes', () => {
    for (const article of Object.values(HC_CONTENT.ar.articles)) {
      const text = articleText(article.body)
      const arabic = text.match(/\p{Script=Arabic}/gu)?.length ?? 0
      const latin = text.match(/\p{Script=Latin}/gu)?.length ?? 0
      expect(latin / (arabic + latin)).toBeLessThan(0.12)
    }
  })
})

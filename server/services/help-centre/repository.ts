import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { HC_FALLBACK_LOCALE, type HcLocale } from '../../../contracts/help-centre.ts'
import type { Db } from '../../db/client.ts'
import { hcArticles, hcCategories, hcSections, supportRequests, users } from '../../db/schema.ts'
import { offsetOf, type PageRequest } from '../../lib/list.ts'
import { sanitizeArticleHtml } from './sanitize.ts'

export type Page<T> = { rows: T[]; total: number }

// Locale fallback (seeds 9): each id is served in the asked locale when that row exists, else in
// en-gb. DISTINCT ON (id) over the two locales, asked one first, picks that row in one pass.

function locales(locale: HcLocale): HcLocale[] {
  return locale === HC_FALLBACK_LOCALE ? [locale] : [locale, HC_FALLBACK_LOCALE]
}

function preferredCategories(db: Db, locale: HcLocale) {
  return db
    .selectDistinctOn([hcCategories.id])
    .from(hcCategories)
    .where(inArray(hcCategories.locale, locales(locale)))
    .orderBy(hcCategories.id, desc(sql`${hcCategories.locale} = ${locale}`))
    .as('c')
}

function preferredSections(db: Db, locale: HcLocale) {
  return db
    .selectDistinctOn([hcSections.id])
    .from(hcSections)
    .where(inArray(hcSections.locale, locales(locale)))
    .orderBy(hcSections.id, desc(sql`${hcSections.locale} = ${locale}`))
    .as('s')
}

function preferredArticles(db: Db, locale: HcLocale, where: SQL | undefined) {
  return db
    .selectDistinctOn([hcArticles.id])
    .from(hcArticles)
    .where(and(inArray(hcArticles.locale, locales(locale)), where))
    .orderBy(hcArticles.id, desc(sql`${hcArticles.locale} = ${locale}`))
    .as('a')
}

// ---- Categories ----

export type CategoryRow = typeof hcCategories.$inferSelect

/** Categories in the asked locale (en-gb where untranslated), by position. */
export async function listCategories(
  db: Db,
  locale: HcLocale,
  page: PageRequest,
): Promise<Page<CategoryRow>> {
  const c = preferredCategories(db, locale)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(c)
      .orderBy(asc(c.position), asc(c.id))
      .limit(page.perPage)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(c),
  ])
  return { rows, total: total?.n ?? 0 }
}

/** One category in the asked locale or en-gb; null when neither exists. */
export async function findCategory(
  db: Db,
  locale: HcLocale,
  id: number,
): Promise<CategoryRow | null> {
  const [row] = await db
    .select()
    .from(hcCategories)
    .where(and(eq(hcCategories.id, id), inArray(hcCategories.locale, locales(locale))))
    .orderBy(desc(sql`${hcCategories.locale} = ${locale}`))
    .limit(1)
  return row ?? null
}

// ---- Sections ----

export type SectionRow = typeof hcSections.$inferSelect

/** Sections (of one category when given) in the asked locale or en-gb, by position. */
export async function listSections(
  db: Db,
  locale: HcLocale,
  filter: { categoryId?: number },
  page: PageRequest,
): Promise<Page<SectionRow>> {
  const s = preferredSections(db, locale)
  const where = filter.categoryId === undefined ? undefined : eq(s.categoryId, filter.categoryId)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(s)
      .where(where)
      .orderBy(asc(s.position), asc(s.id))
      .limit(page.perPage)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(s).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

/** One section in the asked locale or en-gb; null when neither exists. */
export async function findSection(
  db: Db,
  locale: HcLocale,
  id: number,
): Promise<SectionRow | null> {
  const [row] = await db
    .select()
    .from(hcSections)
    .where(and(eq(hcSections.id, id), inArray(hcSections.locale, locales(locale))))
    .orderBy(desc(sql`${hcSections.locale} = ${locale}`))
    .limit(1)
  return row ?? null
}

// ---- Articles ----

/** An article row with the category of its section (null when the section is missing). */
export type ArticleRow = typeof hcArticles.$inferSelect & { categoryId: number | null }

/** Which articles a list or a search covers. */
export type ArticleFilter = { sectionId?: number; categoryId?: number; id?: number }

function articleWhere(db: Db, filter: ArticleFilter): SQL | undefined {
  return and(
    filter.id === undefined ? undefined : eq(hcArticles.id, filter.id),
    filter.sectionId === undefined ? undefined : eq(hcArticles.sectionId, filter.sectionId),
    filter.categoryId === undefined
      ? undefined
      : inArray(
          hcArticles.sectionId,
          db
            .select({ id: hcSections.id })
            .from(hcSections)
            .where(eq(hcSections.categoryId, filter.categoryId)),
        ),
  )
}

/**
 * Articles in the asked locale or en-gb, in reading order: category position, section position,
 * article position (so a list of all articles reads like the help centre's home page).
 */
function articleQuery(db: Db, locale: HcLocale, filter: ArticleFilter) {
  const a = preferredArticles(db, locale, articleWhere(db, filter))
  const s = preferredSections(db, locale)
  const c = preferredCategories(db, locale)
  const query = db
    .select({
      id: a.id,
      locale: a.locale,
      sectionId: a.sectionId,
      categoryId: s.categoryId,
      position: a.position,
      title: a.title,
      body: a.body,
      labelNames: a.labelNames,
      promoted: a.promoted,
      updatedAt: a.updatedAt,
      createdAt: a.createdAt,
    })
    .from(a)
    .leftJoin(s, eq(s.id, a.sectionId))
    .leftJoin(c, eq(c.id, s.categoryId))
    .orderBy(
      sql`${c.position} asc nulls last`,
      sql`${s.position} asc nulls last`,
      asc(a.position),
      asc(a.id),
    )
  return { query, a }
}

/** One page of articles (of a section or category when given). */
export async function listArticles(
  db: Db,
  locale: HcLocale,
  filter: ArticleFilter,
  page: PageRequest,
): Promise<Page<ArticleRow>> {
  const { query, a } = articleQuery(db, locale, filter)
  const [rows, [total]] = await Promise.all([
    query.limit(page.perPage).offset(offsetOf(page)),
    db.select({ n: count() }).from(a),
  ])
  return { rows, total: total?.n ?? 0 }
}

/** Every article a search covers, in reading order (the caller ranks them). */
export async function allArticles(
  db: Db,
  locale: HcLocale,
  filter: ArticleFilter,
): Promise<ArticleRow[]> {
  return articleQuery(db, locale, filter).query
}

/** One article in the asked locale or en-gb; null when neither exists. */
export async function findArticle(
  db: Db,
  locale: HcLocale,
  id: number,
): Promise<ArticleRow | null> {
  const [row] = await articleQuery(db, locale, { id }).query.limit(1)
  return row ?? null
}

// ---- Content (seed and tests) ----

export type NewCategory = typeof hcCategories.$inferInsert
export type NewSection = typeof hcSections.$inferInsert
export type NewArticle = typeof hcArticles.$inferInsert

/** Stores (or replaces) help-centre content; article bodies are sanitised here, once. */
export async function saveHelpCentreContent(
  db: Db,
  content: { categories: NewCategory[]; sections: NewSection[]; articles: NewArticle[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (content.categories.length > 0) {
      await tx
        .insert(hcCategories)
        .values(content.categories)
        .onConflictDoUpdate({
          target: [hcCategories.id, hcCategories.locale],
          set: {
            position: sql`excluded.position`,
            name: sql`excluded.name`,
            description: sql`excluded.description`,
            updatedAt: sql`excluded.updated_at`,
          },
        })
    }
    if (content.sections.length > 0) {
      await tx
        .insert(hcSections)
        .values(content.sections)
        .onConflictDoUpdate({
          target: [hcSections.id, hcSections.locale],
          set: {
            categoryId: sql`excluded.category_id`,
            position: sql`excluded.position`,
            name: sql`excluded.name`,
            description: sql`excluded.description`,
            updatedAt: sql`excluded.updated_at`,
          },
        })
    }
    if (content.articles.length > 0) {
      await tx
        .insert(hcArticles)
        .values(
          content.articles.map((article) => ({
            ...article,
            body: sanitizeArticleHtml(article.body),
          })),
        )
        .onConflictDoUpdate({
          target: [hcArticles.id, hcArticles.locale],
          set: {
            sectionId: sql`excluded.section_id`,
            position: sql`excluded.position`,
            title: sql`excluded.title`,
            body: sql`excluded.body`,
            labelNames: sql`excluded.label_names`,
            promoted: sql`excluded.promoted`,
            updatedAt: sql`excluded.updated_at`,
          },
        })
    }
  })
}

// ---- Requests ----

/** Whether a user id (from a token) still names an account. */
export async function userExists(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1)
  return row !== undefined
}

/** Stores a help-centre request; its id and time. */
export async function insertHelpCentreRequest(
  db: Db,
  request: {
    userId: number | null
    requesterName: string
    requesterEmail: string
    subject: string
    body: string
    tags: string[]
  },
): Promise<{ id: number; createdAt: Date }> {
  const [row] = await db
    .insert(supportRequests)
    .values({ ...request, priority: 'low', source: 'help_centre' })
    .returning({ id: supportRequests.id, createdAt: supportRequests.createdAt })
  if (!row) throw new Error('help-centre request insert returned nothing')
  return row
}

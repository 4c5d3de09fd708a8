/** Help centre content and the support requests sent from the app. */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
} from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { at, timestamps } from './columns.ts'

/**
 * Help centre content (a subset of the Zendesk Help Center shape): one row per item and locale,
 * the id shared by every translation as in Zendesk. Locales are Zendesk codes: en-gb, ar, fr-ca.
 */
export const hcCategories = pgTable(
  'hc_categories',
  {
    id: integer('id').notNull(),
    locale: text('locale').notNull(),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    updatedAt: at('updated_at').notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.id, t.locale] })],
)

export const hcSections = pgTable(
  'hc_sections',
  {
    id: integer('id').notNull(),
    locale: text('locale').notNull(),
    categoryId: integer('category_id').notNull(),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    updatedAt: at('updated_at').notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.id, t.locale] }),
    index('hc_sections_category_idx').on(t.categoryId, t.locale),
  ],
)

export const hcArticles = pgTable(
  'hc_articles',
  {
    id: integer('id').notNull(),
    locale: text('locale').notNull(),
    sectionId: integer('section_id').notNull(),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    body: text('body').notNull(),
    labelNames: jsonb('label_names').$type<string[]>().notNull().default([]),
    promoted: boolean('promoted').notNull().default(false),
    updatedAt: at('updated_at').notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.id, t.locale] }),
    index('hc_articles_section_idx').on(t.sectionId, t.locale),
  ],
)

/** A support request (help centre requests/new and settings contact), seeds 3. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    requesterName: text('requester_name').notNull(),
    requesterEmail: text('requester_email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    priority: text('priority').notNull().default('low'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** Where it was sent from: the settings contact form or the help centre's requests/new. */
    source: text('source').notNull().default('contact'),
    ...timestamps,
  },
  (t) => [index('support_requests_user_idx').on(t.userId)],
)

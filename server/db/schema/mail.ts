/** Mail waiting to be sent, and its outcome. */
import { jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { at, timestamps } from './columns.ts'

export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  links: jsonb('links').$type<string[]>().notNull().default([]),
  sentAt: at('sent_at'),
  error: text('error'),
  ...timestamps,
})

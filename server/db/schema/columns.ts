import { timestamp } from 'drizzle-orm/pg-core'

/** Column helpers every resource's tables share. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}
export const at = (name: string) => timestamp(name, { withTimezone: true })

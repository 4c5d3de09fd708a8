/** Grants: what a user may do, by section and permission, optionally per panel (contracts/access.ts). */
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'

/** A grant: resource + permission, scope null means everywhere (`true` in myGrants). */
export const grants = pgTable(
  'grants',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    permission: text('permission').notNull(),
    scope: jsonb('scope').$type<Record<string, number | string>>(),
  },
  (t) => [index('grants_user_idx').on(t.userId)],
)

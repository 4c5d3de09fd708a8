/** Sign-in state: refresh-token families, wrong-password locks per source, password resets. */
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { at, timestamps } from './columns.ts'

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    /** One family per login: every rotation of that login shares it, so reuse revokes them all. */
    family: uuid('family').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device: text('device'),
    expiresAt: at('expires_at').notNull(),
    /** The end of the login whatever its renewals (LOGIN_MAX_AGE_SECONDS after the sign-in). */
    familyExpiresAt: at('family_expires_at').notNull(),
    rotatedAt: at('rotated_at'),
    revokedAt: at('revoked_at'),
    ...timestamps,
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.family),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
)

/**
 * Wrong passwords per account and source (the client address, or the login a device proved it
 * holds): a lock earned here refuses that account from that source only, so nobody can lock an
 * owner out by knowing the email. A password reset deletes every row of the user.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: at('locked_until'),
    lockoutCount: integer('lockout_count').notNull().default(0),
    permanentlyLocked: boolean('permanently_locked').notNull().default(false),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.source] })],
)

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    ...timestamps,
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
)
